import { sdl, type TenantModule } from '../../core/module.ts';
import { immunizationResolvers } from './resolvers.ts';

/**
 * Children's immunizations (issue 20): the platform's schedule versions read through the
 * control-plane channel (catalogue `immunizations`, each version stored once in the centre),
 * a child's doses and exemptions, evaluations stored with their version and day and never
 * rewritten, the `dose` kind of the compliance gaps, and the compliance export job (ZIP).
 */
export const immunizationsModule: TenantModule = {
  name: 'immunizations',
  schema: sdl(import.meta.url),
  resolvers: immunizationResolvers,
};

// What other modules (and the app around them, the demo seed) may use:
export { doseGaps } from './gaps.ts';
export { storeVersions, kindOf } from './catalogue.ts';
export { registerImmunizationJobs, runDoseGaps, startImmunizationRun } from './jobs.ts';
export { runComplianceExport, EXPORT_JOB, IMMUNIZATIONS_QUEUE } from './service/export.ts';
