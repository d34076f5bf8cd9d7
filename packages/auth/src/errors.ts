/** Raised for any token or session that must not be honoured; callers answer 401 without detail. */
export class AuthError extends Error {
  constructor(readonly reason: string) {
    super('Not authenticated');
    this.name = 'AuthError';
  }
}
