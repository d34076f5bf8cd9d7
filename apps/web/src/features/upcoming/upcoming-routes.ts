import type { RoleName } from '@kv/shared';
import type { CentreKind } from '../../lib/menu';
import type { PathName } from '../../lib/paths';

/** The later issue that brings a screen ("coming with <feature>"). */
export const UPCOMING_FEATURES = [
  'messaging',
  'newsletters',
  'reports',
  'activities',
  'calendar',
  'foodMenu',
  'forms',
  'photos',
  'learning',
  'billing',
  'tickets',
  'incidents',
  'blog',
  'onboarding',
  'dashboards',
  'imageLibrary',
  'websites',
  'platform',
  'immunizations',
  'schedules',
] as const;

export type UpcomingFeature = (typeof UPCOMING_FEATURES)[number];

export interface UpcomingRoute {
  path: PathName;
  role: RoleName;
  feature: UpcomingFeature;
  /** i18n key of a more specific title than the feature's name (menu entries use their label). */
  title?: string;
  /** Breadcrumb parents, e.g. Home > Billing > Agency Account. */
  parent?: PathName;
  /** Pet-pack paths exist only on pet-care centres. */
  kinds?: readonly CentreKind[];
}

const r = (path: PathName, role: RoleName, feature: UpcomingFeature, extra: Partial<UpcomingRoute> = {}): UpcomingRoute => ({
  path,
  role,
  feature,
  ...extra,
});

/**
 * Every spec route whose screen belongs to a later issue, with the lowest role allowed.
 * Admin-only routes of the spec that are platform operations stay `admin`; centre features listed
 * under "Admin routes" (templates, streaming, billing…) open to the managers who use them.
 */
export const UPCOMING_ROUTES: readonly UpcomingRoute[] = [
  // admin
  r('folder', 'manager', 'imageLibrary'),
  r('learningFrameworksImport', 'manager', 'learning', { parent: 'learningFrameworks' }),
  // kvsupport
  r('mainTickets', 'kvsupport', 'tickets'),
  r('mainTicket', 'kvsupport', 'tickets', { parent: 'mainTickets' }),
  r('mainIncidents', 'kvsupport', 'incidents'),
  r('mainIncident', 'kvsupport', 'incidents', { parent: 'mainIncidents' }),
  // manager
  r('tickets', 'manager', 'tickets', { title: 'shell:menu.tickets' }),
  r('ticket', 'manager', 'tickets', { parent: 'tickets' }),
  r('incident', 'manager', 'incidents', { parent: 'incidents' }),
  r('incidents', 'manager', 'incidents', { title: 'shell:menu.incidents' }),
  r('images', 'manager', 'imageLibrary'),
  r('createDashboard', 'manager', 'dashboards'),
  r('editDashboard', 'manager', 'dashboards'),

  // teacher

  r('portfolios', 'teacher', 'learning', { title: 'shell:menu.portfolios' }),
  r('learning', 'teacher', 'learning'),
  r('roomPlans', 'teacher', 'learning', { parent: 'learning', title: 'shell:menu.roomPlans' }),
  r('lessonPlanTemplates', 'teacher', 'learning', { parent: 'learning', title: 'shell:menu.lessonPlan' }),
  r('learningActivities', 'teacher', 'learning', { parent: 'learning', title: 'shell:menu.learningActivities' }),
  r('learningFrameworks', 'teacher', 'learning', { parent: 'learning', title: 'shell:menu.learningFrameworks' }),
  r('learningSkills', 'teacher', 'learning', { parent: 'learning', title: 'shell:menu.learningSkills' }),
  r('learningPortfolioEdit', 'teacher', 'learning', { parent: 'portfolios' }),
  r('learningPortfolioPreview', 'teacher', 'learning', { parent: 'portfolios' }),
  r('roomPlanEdit', 'teacher', 'learning', { parent: 'roomPlans' }),
  r('lessonPlanTemplateEdit', 'teacher', 'learning', { parent: 'lessonPlanTemplates' }),
  r('learningActivitiesView', 'teacher', 'learning', { parent: 'learningActivities' }),
  r('learningActivityEdit', 'teacher', 'learning', { parent: 'learningActivities' }),
  // user (parent)

  r('studentsPortfolioPreview', 'user', 'learning'),
  // pet pack
  // blog
  r('blogsPosts', 'blog', 'blog', { parent: 'blogs', title: 'shell:menu.blog' }),
  r('blogsCategories', 'blog', 'blog', { parent: 'blogs' }),
  r('blogsApiIntegration', 'blog', 'blog', { parent: 'blogs' }),
  r('blogsSettings', 'blog', 'blog', { parent: 'blogs' }),
];
