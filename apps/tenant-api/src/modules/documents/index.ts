import { sdl, type TenantModule } from '../../core/module.ts';
import { documentResolvers } from './resolvers.ts';
import { documentLoaders } from './loaders.ts';

/**
 * Centre files and documents (issue 20): files of a location (published, shared, archived, read
 * marks, sort order), document requests answered per child or staff member with an upload
 * (pending → approved | rejected, expiry notices, expired), their logs, and the compliance gaps
 * (required forms and documents a child lacks) kept open and closed as pinned action items.
 * Emits `document.requested`, `document.reviewed`, `document.expiring`, `file.published`,
 * `compliance.gap_opened`, `compliance.gap_closed` (ids only).
 */
export const documentsModule: TenantModule = {
  name: 'documents',
  schema: sdl(import.meta.url),
  resolvers: documentResolvers,
  loaders: documentLoaders,
};

// What other modules (and the app around them, the demo seed) may use:
export { CENTRE_FILE_PURPOSE, FILE_PUBLISHED } from './service/files.ts';
export { DOCUMENT_PURPOSE, DOCUMENT_REQUESTED, DOCUMENT_REVIEWED } from './service/documents.ts';
export { GAP_CLOSED, GAP_KINDS, GAP_OPENED, GAP_SOURCE, syncGaps, type GapKind } from './service/gaps.ts';
export { DOCUMENT_EXPIRING, registerDocumentJobs, runDocumentExpiry, startDocumentExpiry } from './jobs.ts';
export { registerDocumentEvents } from './events.ts';
