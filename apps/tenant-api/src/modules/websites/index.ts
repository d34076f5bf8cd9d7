/**
 * The centre's public websites (issue 22, part `utilities`): its website and blog served at
 * `/site/<slug>` on the centre host, and their report to the platform over the control-plane
 * channel (`websites.report`), where an operator may take a site offline (the directory entry's
 * `offline_sites`: the site then answers 404). No GraphQL of its own yet: the sites are seeded.
 */
export { websiteRoutes } from './routes.ts';
export { registerWebsiteJobs, reportWebsites, scheduleWebsiteReport, startWebsiteReports, REPORT_JOB, WEBSITES_QUEUE } from './jobs.ts';
