import type { SeedStep } from '../context.ts';
import { albumPhotosStep } from './album-photos.ts';
import { activitiesStep } from './activities.ts';
import { announcementsStep } from './announcements.ts';
import { attendanceStep } from './attendance.ts';
import { billingStep } from './billing.ts';
import { calendarStep } from './calendar.ts';
import { familiesStep } from './families.ts';
import { foodMenuStep } from './food-menu.ts';
import { healthStep } from './health.ts';
import { invitationsStep } from './invitations.ts';
import { labelsStep } from './labels.ts';
import { locationsStep } from './locations.ts';
import { notificationsStep } from './notifications.ts';
import { photosStep } from './photos.ts';
import { schoolStep } from './school.ts';
import { signinsStep } from './signins.ts';
import { staffStep } from './staff.ts';
import { timeclockStep } from './timeclock.ts';
import { watchingStep } from './watching.ts';
import { chatStep } from './chat.ts';
import { formsStep } from './forms.ts';
import { schedulesStep } from './schedules.ts';
import { billingAgenciesStep } from './billing-agencies.ts';
import { smsStep } from './sms.ts';
import { billingStripeStep } from './billing-stripe.ts';
import { newslettersStep } from './newsletters.ts';
import { documentsStep } from './documents.ts';
import { immunizationsStep } from './immunizations.ts';
import { printedFormsStep } from './printed-forms.ts';
import { websitesStep } from './websites.ts';
import { formAutomationsStep } from './form-automations.ts';

/**
 * The generator's steps, in order: each reads what earlier ones wrote (by name, from the database)
 * and writes its own area in one transaction. An area adds its demo data as one more file here,
 * appended after the steps it reads.
 */
export const SEED_STEPS: readonly SeedStep[] = [
  locationsStep,
  staffStep,
  familiesStep,
  labelsStep,
  schoolStep,
  healthStep,
  attendanceStep,
  timeclockStep,
  invitationsStep,
  watchingStep,
  signinsStep,
  photosStep,
  albumPhotosStep,
  activitiesStep,
  billingStep,
  chatStep,
  foodMenuStep,
  formsStep,
  notificationsStep,
  announcementsStep,
  calendarStep,
  schedulesStep,
  billingAgenciesStep,
  smsStep,
  billingStripeStep,
  newslettersStep,
  documentsStep,
  immunizationsStep,
  printedFormsStep,
  formAutomationsStep,
  websitesStep,
];
