import type { ChannelErrorBody } from '@kv/auth';

/** A refusal of the control-plane channel, answered with its HTTP status and typed body. */
export class ChannelError extends Error {
  constructor(
    readonly status: number,
    readonly body: ChannelErrorBody,
  ) {
    super(body.message);
    this.name = 'ChannelError';
  }
}

export const unauthenticated = () => new ChannelError(401, { code: 'UNAUTHENTICATED', message: 'A valid service token is required.' });
export const wrongPurpose = () => new ChannelError(403, { code: 'FORBIDDEN', message: 'The service token was not issued for this call.' });
export const unknownCall = (purpose: string) =>
  new ChannelError(404, { code: 'NOT_FOUND', message: `No call ${JSON.stringify(purpose).slice(0, 80)} on the centre channel.` });
export const centreNotFound = () => new ChannelError(404, { code: 'NOT_FOUND', message: 'The centre is not known to the platform.' });
export const catalogueNotFound = () =>
  new ChannelError(404, { code: 'NOT_FOUND', message: 'There is no platform catalogue of this name.', field: 'name' });
export const badChannelInput = (field: string, message: string) => new ChannelError(400, { code: 'BAD_USER_INPUT', message, field });
