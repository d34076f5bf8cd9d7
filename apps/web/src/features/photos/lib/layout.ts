/** Phones get the upload and edit forms full screen (below Mantine's `sm`, 48em). */
export const PHONE = '(max-width: 47.99em)';
