import type { ControlPlaneRuntime } from './deps.ts';
import { createOperatorService } from './modules/operators/service.ts';
import { createCentreService } from './modules/centres/service.ts';
import { createDomainService } from './modules/domains/service.ts';
import { createServerService } from './modules/servers/service.ts';
import { createProvisioningService } from './modules/provisioning/service.ts';
import { createMigrationService } from './modules/migrations/service.ts';
import { createSupportService } from './modules/support/service.ts';
import { createNewsletterService } from './modules/newsletters/service.ts';
import { createImmunizationService } from './modules/immunizations/service.ts';
import { createBackupService } from './modules/backups/service.ts';
import { createStatisticsService } from './modules/statistics/service.ts';
import { createDemoRequestService } from './modules/demo-requests/service.ts';
import { createCenterBillingService } from './modules/center-billing/service.ts';
import { createSignupService } from './modules/signup/service.ts';
import { createCustomerWebsiteService } from './modules/customer-websites/service.ts';
import { createUtilityService } from './modules/utilities/service.ts';
import { createApiGroupService } from './modules/api-groups/service.ts';

export function createServices(rt: ControlPlaneRuntime) {
  return {
    operators: createOperatorService(rt),
    centres: createCentreService(rt),
    domains: createDomainService(rt),
    servers: createServerService(rt),
    provisioning: createProvisioningService(rt),
    migrations: createMigrationService(rt),
    support: createSupportService(rt),
    newsletters: createNewsletterService(rt),
    immunizations: createImmunizationService(rt),
    backups: createBackupService(rt),
    statistics: createStatisticsService(rt),
    demoRequests: createDemoRequestService(rt),
    centerBilling: createCenterBillingService(rt),
    signup: createSignupService(rt),
    customerWebsites: createCustomerWebsiteService(rt),
    utilities: createUtilityService(rt),
    apiGroups: createApiGroupService(rt),
  };
}

export type Services = ReturnType<typeof createServices>;
