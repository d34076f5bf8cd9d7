import { AppError } from '@kv/server';

export const ProvisioningError = {
  NotFailed: 'PROVISIONING_NOT_FAILED',
  NoServerCapacity: 'NO_SERVER_CAPACITY',
  HostnameTaken: 'HOSTNAME_TAKEN',
} as const;

export function notFailed(): AppError {
  return new AppError(ProvisioningError.NotFailed, 'Only a centre whose provisioning failed can be retried.');
}

/** A step that cannot succeed as things stand; its message is stored on the centre for operators. */
export class ProvisioningStepError extends Error {
  constructor(
    readonly code: (typeof ProvisioningError)[keyof typeof ProvisioningError],
    message: string,
  ) {
    super(message);
    this.name = 'ProvisioningStepError';
  }
}
