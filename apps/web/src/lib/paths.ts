/**
 * Every path of the app, from one typed builder: routes use `.pattern`, links use `.to(params)`.
 * Patterns are react-router's (`:param`, `:param?`); the spec's `{param}` were converted.
 */
type Segments<P extends string> = P extends `${infer Head}/${infer Tail}` ? Head | Segments<Tail> : P;
type RequiredParam<S> = S extends `:${string}?` ? never : S extends `:${infer N}` ? N : never;
type OptionalParam<S> = S extends `:${infer N}?` ? N : never;
type ParamValue = string | number;

export type PathParams<P extends string> = { [K in RequiredParam<Segments<P>>]: ParamValue } & {
  [K in OptionalParam<Segments<P>>]?: ParamValue | null;
};

type PathArgs<P extends string> = [RequiredParam<Segments<P>>] extends [never]
  ? [OptionalParam<Segments<P>>] extends [never]
    ? []
    : [params?: PathParams<P>]
  : [params: PathParams<P>];

export interface PathDef<P extends string = string> {
  readonly pattern: P;
  to(...args: PathArgs<P>): string;
}

export class MissingPathParamError extends Error {
  constructor(
    readonly pattern: string,
    readonly param: string,
  ) {
    super(`Path ${pattern} needs :${param}`);
    this.name = 'MissingPathParamError';
  }
}

export function buildPath(pattern: string, params: Record<string, ParamValue | null | undefined> = {}): string {
  const segments = pattern.split('/').flatMap((segment) => {
    if (!segment.startsWith(':')) return [segment];
    const optional = segment.endsWith('?');
    const name = segment.slice(1, optional ? -1 : undefined);
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      if (optional) return [];
      throw new MissingPathParamError(pattern, name);
    }
    return [encodeURIComponent(String(value))];
  });
  const path = segments.join('/');
  return path === '' ? '/' : path;
}

function def<P extends string>(pattern: P): PathDef<P> {
  return {
    pattern,
    to: (...args: PathArgs<P>) => buildPath(pattern, (args[0] ?? {}) as Record<string, ParamValue | null | undefined>),
  };
}

/** Appends query parameters, skipping empty ones. */
export function withSearch(path: string, search: Record<string, string | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) if (value) query.set(key, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** A same-origin, in-app path (never `//host` or a scheme): safe to navigate to after sign-in. */
export function isSafeRedirect(value: string | null | undefined): value is string {
  return !!value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

export const paths = {
  // entry
  root: def('/'),
  home: def('/home'),
  dashboard: def('/dashboard'),
  // guest
  login: def('/login'),
  register: def('/register/:code?'),
  emailConfirmation: def('/email-confirmation'),
  verifyAutologin: def('/verify-autologin/:token?'),
  verifyEmail: def('/verify-email/:pin_time?'),
  verifyInvitedEmail: def('/viue/:pin_time'),
  verifyInvitedPhone: def('/viup/:pin_time'),
  resetPassword: def('/password/reset/:token?'),
  approveUser: def('/approve-user/:token'),
  forgotPassword: def('/forgot-password'),
  resendConfirmationEmail: def('/resend-confirmation-email'),
  error404: def('/pages/error-404'),
  error404Alt: def('/pages/404-error'),
  unsubscribe: def('/unsubscribe/:token?'),
  timeClockPage: def('/time-clock-page/:location'),
  demo: def('/demo/:action?'),
  customerSignup: def('/customer-signup/:action?'),
  packages: def('/packages'),
  customerPayment: def('/customer-payment'),
  customerCenterSetup: def('/customer-center-setup/:token?'),
  webFormPreview: def('/web-form/:formId/view'),
  oauth2callback: def('/oauth2callback'),
  googleIntegration: def('/googleInt'),
  // admin
  demoRequests: def('/demo-requests'),
  centerAws: def('/center-aws/:centerId'),
  awsCenterDatabases: def('/aws-center-databases'),
  center: def('/center/:centerId'),
  customerWebsites: def('/customer-websites'),
  folder: def('/folder/:folder'),
  templates: def('/templates'),
  newsletterTemplate: def('/newsletters/:is_temp/:tempId'),
  newsletterNewFromTemplate: def('/newsletter/:is_temp/new'),
  themeCustomizer: def('/theme-customizer'),
  streamings: def('/streamings'),
  streamingServers: def('/streaming-servers'),
  learningFrameworksImport: def('/learning-frameworks/import'),
  centersPlans: def('/centers-plans'),
  centersInvoices: def('/centers-invoices'),
  centersPayments: def('/centers-payments'),
  kidsvisionPlan: def('/kidsvision-plan'),
  billing: def('/billing'),
  billingOverview: def('/billing/overview'),
  billingOverviewUnpaid: def('/billing/overview/unpaid'),
  billingOverviewPayments: def('/billing/overview/payments'),
  billingStudents: def('/billing/students'),
  billingStudentsOverview: def('/billing/students/overview'),
  billingStudentsPlans: def('/billing/students/plans'),
  billingSubsidies: def('/billing/subsidies'),
  billingSettings: def('/billing/settings'),
  billingSettingsManagePresets: def('/billing/settings/manage-presets'),
  billingSettingsVariableCharges: def('/billing/settings/variable-charges'),
  billingSettingsCategories: def('/billing/settings/categories'),
  billingSettingsPlanTemplates: def('/billing/settings/plan-templates'),
  billingBillingReports: def('/billing/billing-reports'),
  reportBalance: def('/report-balance'),
  reportTransactions: def('/report-transactions'),
  reportInvoices: def('/report-invoices'),
  reportPayments: def('/report-payments'),
  reportBillingSummary: def('/report-billing-summary'),
  // kvsupport
  mainTickets: def('/main/tickets/:status?'),
  mainTicket: def('/main/ticket/:ticketId'),
  mainIncidents: def('/main/incidents'),
  mainIncident: def('/main/incident/:id'),
  centersList: def('/centers-list'),
  locations: def('/locations'),
  location: def('/location/:locationId'),
  locationRooms: def('/location/:locationId/rooms'),
  locationPrograms: def('/location/:locationId/programs'),
  locationCameras: def('/location/:locationId/cameras'),
  locationManagers: def('/location/:locationId/managers'),
  locationCameraGroups: def('/location/:locationId/camera-groups'),
  locationSettings: def('/location/:locationId/settings'),
  onboarding: def('/onboarding'),
  utilities: def('/utilities'),
  advanceOnboarding: def('/advance-onboarding'),
  syncBrightwheel: def('/sync-brightwheel'),
  procareImport: def('/procare-import'),
  procareImportStaff: def('/procare-import-staff'),
  sendCustomEmail: def('/send-custom-email'),
  importCameras: def('/import-cameras'),
  permissions: def('/permissions'),
  navigation: def('/navigation'),
  immunizations: def('/immunizations'),
  // manager
  tickets: def('/tickets/:status?'),
  ticket: def('/ticket/:ticketId'),
  incident: def('/incident/:id'),
  incidents: def('/incidents/:status?'),
  rooms: def('/rooms/:action?'),
  billingPrograms: def('/billing_programs'),
  cameras: def('/cameras'),
  schedules: def('/schedules'),
  studentTags: def('/student-tags'),
  studentAllergies: def('/student-allergies'),
  studentMedications: def('/student-medications'),
  schoolProfile: def('/school_profile'),
  images: def('/images'),
  createDashboard: def('/create-dashboard'),
  editDashboard: def('/edit-dashboard/:dashboardId'),
  team: def('/team/:role?'),
  manageLocation: def('/manage-location/:tab?'),
  teamProfile: def('/team-profile/:team'),
  relationships: def('/relationships'),
  submissions: def('/submissions'),
  dailylogins: def('/dailylogins'),
  dailywatchtime: def('/dailywatchtime'),
  cameraBeingWatched: def('/camera-being-watched'),
  onlineContactsReport: def('/online-contacts-report'),
  logReport: def('/log-report'),
  unsubscribedEmails: def('/unsubscribed-emails'),
  unsubscribedSms: def('/unsubscribed-sms'),
  smsResponse: def('/sms-response'),
  newsletters: def('/newsletters'),
  newsletterEdit: def('/newsletters/:tempId'),
  newsletterNew: def('/newsletter/new'),
  roomRatio: def('/room-ratio'),
  staffHours: def('/staff-hours'),
  staffTimeTracking: def('/staff-time-tracking'),
  studentDailyHours: def('/student-daily-hours'),
  studentHours: def('/student-hours'),
  staffActivity: def('/staff-activity'),
  studentActivityCheckInOrOut: def('/student-activity/check-in-or-out'),
  students: def('/students/:status?'),
  users: def('/users/:status?'),
  admins: def('/admins'),
  managers: def('/managers'),
  teachers: def('/teachers'),
  user: def('/user/:camuserId'),
  billingStudent: def('/billing/student/:studentId'),
  billingStudentOverview: def('/billing/student/:studentId/overview'),
  billingStudentOpenInvoices: def('/billing/student/:studentId/open-invoices'),
  billingStudentAvailableCredits: def('/billing/student/:studentId/available-credits'),
  billingStudentInvoices: def('/billing/student/:studentId/invoices'),
  billingStudentPayments: def('/billing/student/:studentId/payments'),
  billingStudentUpcomingInvoices: def('/billing/student/:studentId/upcoming-invoices'),
  billingStudentAccountDetail: def('/billing/student/:studentId/account-detail'),
  billingStudentPlansDetail: def('/billing/student/:studentId/plans-detail'),
  billingStudentPayersDetail: def('/billing/student/:studentId/payers-detail'),
  billingAgency: def('/billing/agency/:agencyId'),
  billingAgencyOverview: def('/billing/agency/:agencyId/overview'),
  billingAgencyInvoices: def('/billing/agency/:agencyId/invoices'),
  billingAgencyPayments: def('/billing/agency/:agencyId/payments'),
  billingAgencyStudents: def('/billing/agency/:agencyId/students'),
  billingAgencyInfo: def('/billing/agency/info/:agencyId'),
  billingAgencyUpcomingInvoices: def('/billing/agency/upcoming-invoices/:agencyId'),
  billingSubsidiesAgencyAccount: def('/billing/subsidies/agency-account'),
  // teacher
  announcements: def('/announcements'),
  messagesLog: def('/messages-log'),
  activities: def('/activities'),
  roomFeed: def('/room-feed'),
  activityReport: def('/activity-report'),
  calendar: def('/calendar'),
  foodMenu: def('/food-menu'),
  studentSchedules: def('/student-schedules'),
  attendanceSummary: def('/attendance-summary'),
  studentAttendanceReport: def('/student-attendance-report'),
  teacherStudents: def('/teacher/students'),
  teacherStudentsCheckInOrOut: def('/teacher/students/check-in-or-out'),
  attendance: def('/attendance'),
  attendanceStudents: def('/attendance/students'),
  attendanceStaff: def('/attendance/staff'),
  attendanceReports: def('/attendance/reports'),
  attendanceTimeclock: def('/attendance/timeclock'),
  attendanceHealthScreen: def('/attendance/health-screen'),
  attendanceKiosk: def('/attendance/kiosk'),
  attendanceCheckInQr: def('/attendance/check-in-qr'),
  photos: def('/photos'),
  photosStudents: def('/photos/students'),
  photosStaff: def('/photos/staff'),
  photosFacility: def('/photos/facility'),
  documents: def('/documents'),
  filesOthers: def('/files/others'),
  others: def('/others/:otherId'),
  forms: def('/forms'),
  formsWebForms: def('/forms/web-forms'),
  formsPrintedForms: def('/forms/printed-forms'),
  printedForm: def('/printed-form/:formId'),
  printedFormManageEntries: def('/printed-form/:formId/manage_entries'),
  printedFormDetails: def('/printed-form/:formId/details'),
  formDetails: def('/form-details/:formId'),
  sharedForms: def('/shared/forms'),
  teacherDocuments: def('/teacher/documents'),
  document: def('/document/:documentId'),
  documentManageEntries: def('/document/:documentId/manage_entries'),
  documentDetails: def('/document/:documentId/details'),
  portfolios: def('/portfolios'),
  learning: def('/learning'),
  roomPlans: def('/learning/lesson_plans/room_plans'),
  lessonPlanTemplates: def('/learning/lesson_plans/templates'),
  learningActivities: def('/learning/learning_activities'),
  learningFrameworks: def('/learning/learning_frameworks'),
  learningSkills: def('/learning/learning_skills'),
  learningPortfolioEdit: def('/learning/portfolios/:portfolioId/edit'),
  learningPortfolioPreview: def('/learning/portfolios/portfolio_preview/:portfolioId'),
  roomPlanEdit: def('/learning/lesson_plans/room_plans/:roomId/edit'),
  lessonPlanTemplateEdit: def('/learning/lesson_plans/templates/:templateId/edit'),
  learningActivitiesView: def('/learning/learning_activities/learning_view'),
  learningActivityEdit: def('/learning/learning_activities/:activityId/edit'),
  filesFormSubmission: def('/files/form/:formId/submission'),
  teacherStudent: def('/teacher/student/:userId'),
  // user
  messages: def('/messages'),
  userStudents: def('/user/students'),
  userStudentsCheckInOrOut: def('/user/students/check-in-or-out'),
  userStudent: def('/user/student/:studentId'),
  userStudentsDocuments: def('/user/students/documents'),
  userStudentDocuments: def('/user/students/:studentId/documents'),
  userStudentsFiles: def('/user/students/:studentId/files'),
  userStudentsForms: def('/user/students/forms'),
  userStudentsBilling: def('/user/students/billing'),
  userStudentsBilling2: def('/user/students/billing2'),
  userStudentsCameras: def('/user/students/cameras'),
  userFiles: def('/user/files'),
  userProfile: def('/user-profile'),
  studentsCameras: def('/students/cameras/:camId'),
  parentDirectory: def('/parent-directory'),
  studentsPortfolioPreview: def('/students/portfolio_preview/:portfolioId'),
  filesStudentFormSubmission: def('/files/student/:studentId/form/:formId/submission'),
  filesStudentFormDocumentSubmission: def('/files/student/:studentId/form/:formId/document/submission'),
  studentsFormReview: def('/students/:studentId/form/review/:formId'),
  webForm: def('/web-form/:formId'),
  webFormManageEntries: def('/web-form/:formId/manage_entries'),
  webFormEdit: def('/web-form/:formId/edit'),
  webFormDetails: def('/web-form/:formId/details'),
  webFormNotificationsSettings: def('/web-form/:formId/notifications/settings'),
  webFormNotificationsLogs: def('/web-form/:formId/notifications/logs'),
  webFormAutomationsSettings: def('/web-form/:formId/automations/settings'),
  webFormAutomationsLogs: def('/web-form/:formId/automations/logs'),
  webFormViewEntry: def('/web-form/:formId/:entryId/view_entry'),
  webFormEntries: def('/web-form/:formId/:Id/entries'),
  webFormEntryView: def('/web-form/:formId/:entryId/entry_view'),
  webFormEntry: def('/web-form/:Id/:formId/:entryId/entry'),
  webFormShare: def('/web-form/:formId/share'),
  // pet-pack
  pets: def('/pets'),
  contactPets: def('/contact/pets'),
  contactPetsCameras: def('/contact/pets/cameras'),
  staffPets: def('/staff/pets'),
  contacts: def('/contacts/:status?'),
  staff: def('/staff'),
  pet: def('/pet/:userId'),
  staffPet: def('/staff/pet/:userId'),
  contact: def('/contact/:camuserId'),
  contactProfile: def('/contact-profile'),
  instantMessage: def('/instant_message'),
  // blog
  blogs: def('/blogs'),
  blogsPosts: def('/blogs/posts'),
  blogsCategories: def('/blogs/categories'),
  blogsApiIntegration: def('/blogs/api_integration'),
  blogsSettings: def('/blogs/settings'),
  // operator console (platform host); not in the spec's route list
  centreNew: def('/centers-list/new'),
  migrationRuns: def('/migrations'),
  migrationRun: def('/migrations/:runId'),
} as const;

export type PathName = keyof typeof paths;
