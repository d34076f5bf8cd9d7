import { PDFDocument } from 'pdf-lib';
import { reject } from './types.ts';

/**
 * A PDF must parse and have at least one page (and at most `maxPages` when given); encrypted ones
 * are refused (they cannot be checked).
 */
export async function checkPdf(bytes: Buffer, maxPages?: number): Promise<{ pages: number } | ReturnType<typeof reject>> {
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    const pages = doc.getPageCount();
    if (pages < 1) return reject('The PDF has no pages.');
    if (maxPages && pages > maxPages) return reject(`The PDF has ${pages} pages (at most ${maxPages}).`);
    return { pages };
  } catch (e) {
    if (e instanceof Error && e.name === 'EncryptedPDFError') return reject('Password-protected PDFs are not accepted.');
    return reject('The PDF cannot be read.');
  }
}
