import {
  IconBook,
  IconCalendar,
  IconCalendarTime,
  IconCamera,
  IconChecklist,
  IconClipboardCheck,
  IconCreditCard,
  IconDeviceCctv,
  IconFiles,
  IconMessage,
  IconPaw,
  IconPhoto,
  IconReportAnalytics,
  IconSchool,
  IconSpeakerphone,
  IconUserCircle,
  IconUsers,
  IconBuilding,
  IconTicket,
  IconAlertTriangle,
} from '@tabler/icons-react';
import type { CentreKind } from '../../lib/menu';
import { paths } from '../../lib/paths';
import type { QuickLink } from './components/quick-link-grid';

export function parentLinks(kind: CentreKind | null): QuickLink[] {
  const pets = kind === 'petcare';
  return [
    pets
      ? { id: 'children', label: 'dashboard:links.myPets', to: paths.contactPets.to(), icon: IconPaw }
      : { id: 'children', label: 'dashboard:links.myChildren', to: paths.userStudents.to(), icon: IconSchool },
    {
      id: 'cameras',
      label: 'dashboard:links.cameras',
      to: pets ? paths.contactPetsCameras.to() : paths.userStudentsCameras.to(),
      icon: IconDeviceCctv,
    },
    { id: 'messages', label: 'dashboard:links.messages', to: paths.messages.to(), icon: IconMessage },
    { id: 'checkIn', label: 'dashboard:links.checkIn', to: paths.userStudentsCheckInOrOut.to(), icon: IconClipboardCheck },
    { id: 'files', label: 'dashboard:links.files', to: paths.userFiles.to(), icon: IconFiles },
    { id: 'billing', label: 'dashboard:links.billing', to: paths.userStudentsBilling.to(), icon: IconCreditCard },
    {
      id: 'profile',
      label: 'dashboard:links.profile',
      to: pets ? paths.contactProfile.to() : paths.userProfile.to(),
      icon: IconUserCircle,
    },
  ];
}

export function teacherLinks(kind: CentreKind | null): QuickLink[] {
  const pets = kind === 'petcare';
  return [
    {
      id: 'students',
      label: 'dashboard:links.students',
      to: pets ? paths.staffPets.to() : paths.teacherStudents.to(),
      icon: pets ? IconPaw : IconSchool,
    },
    { id: 'checkIn', label: 'dashboard:links.checkInStudents', to: paths.teacherStudentsCheckInOrOut.to(), icon: IconClipboardCheck },
    { id: 'attendance', label: 'dashboard:links.attendance', to: paths.attendance.to(), icon: IconChecklist },
    { id: 'activities', label: 'dashboard:links.activities', to: paths.activities.to(), icon: IconReportAnalytics },
    { id: 'photos', label: 'dashboard:links.photos', to: paths.photos.to(), icon: IconPhoto },
    { id: 'announcements', label: 'dashboard:links.announcements', to: paths.announcements.to(), icon: IconSpeakerphone },
    { id: 'calendar', label: 'dashboard:links.calendar', to: paths.calendar.to(), icon: IconCalendar },
    { id: 'lessonPlans', label: 'dashboard:links.lessonPlans', to: paths.lessonPlanTemplates.to(), icon: IconBook },
  ];
}

export function managerLinks(kind: CentreKind | null): QuickLink[] {
  const pets = kind === 'petcare';
  return [
    { id: 'locations', label: 'dashboard:links.locations', to: paths.locations.to(), icon: IconBuilding },
    {
      id: 'students',
      label: 'dashboard:links.students',
      to: pets ? paths.pets.to() : paths.students.to(),
      icon: pets ? IconPaw : IconSchool,
    },
    { id: 'contacts', label: 'dashboard:links.contacts', to: pets ? paths.contacts.to() : paths.users.to(), icon: IconUsers },
    { id: 'cameras', label: 'dashboard:links.cameras', to: paths.cameras.to(), icon: IconCamera },
    { id: 'schedules', label: 'dashboard:links.schedules', to: paths.schedules.to(), icon: IconCalendarTime },
    { id: 'tickets', label: 'dashboard:links.tickets', to: paths.tickets.to(), icon: IconTicket },
    { id: 'incidents', label: 'dashboard:links.incidents', to: paths.incidents.to(), icon: IconAlertTriangle },
    { id: 'messages', label: 'dashboard:links.messages', to: paths.messages.to(), icon: IconMessage },
  ];
}
