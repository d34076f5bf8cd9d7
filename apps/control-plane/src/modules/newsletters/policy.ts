import type { OperatorRole } from '../../access.ts';

export const newsletterPolicy = {
  getNewsletters: 'admin',
  getNewsletter: 'admin',
  createNewsletter: 'admin',
  updateNewsletter: 'admin',
  deleteNewsletter: 'admin',
  duplicateNewsletter: 'admin',
} as const satisfies Record<string, OperatorRole>;
