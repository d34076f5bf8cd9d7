import type { OperatorRole } from '../../access.ts';

export const newsletterPolicy = {
  getNewsletters: 'admin',
  getNewsletter: 'admin',
  createNewsletter: 'admin',
  updateNewsletter: 'admin',
  deleteNewsletter: 'admin',
  duplicateNewsletter: 'admin',
  /** `POST /newsletter-images` (not GraphQL): an image for a template or platform newsletter. */
  uploadNewsletterImage: 'admin',
} as const satisfies Record<string, OperatorRole>;

/** Where an admin `POST`s an image's bytes for a template (Content-Type its type); see `images.ts`. */
export const TEMPLATE_IMAGE_UPLOAD_PATH = '/newsletter-images';
