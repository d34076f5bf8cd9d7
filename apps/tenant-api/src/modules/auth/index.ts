import { sdl, type TenantModule } from '../../core/module.ts';
import { authResolvers } from './resolvers.ts';

/** Sign-in, sessions, registration, recovery, invitations and support sessions. */
export const authModule: TenantModule = { name: 'auth', schema: sdl(import.meta.url), resolvers: authResolvers };

// What other modules (and the app around them) may use:
export { throttled } from './errors.ts';
export type { LoginPayload } from './service/sign-in.ts';
export { findViewer } from './repo.ts';
export { newPasswordHash } from './service/recovery.ts';
export { approveUser, consumePin } from './service/registration.ts';
export { charge, guardedAttempt, issueToken, link, sendMail } from './service/shared.ts';
export { findUserByLogin } from './repo.ts';
