import { PDFDocument } from 'pdf-lib';
import { reject } from './types.ts';

/** A PDF must parse and have at least one page; encrypted ones are refused (they cannot be checked). */
export async function checkPdf(bytes: Buffer): Promise<{ pages: number } | ReturnType<typeof reject>> {
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    const pages = doc.getPageCount();
    if (pages < 1) return reject('The PDF has no pages.');
    return { pages };
  } catch (e) {
    if (e instanceof Error && e.name === 'EncryptedPDFError') return reject('Password-protected PDFs are not accepted.');
    return reject('The PDF cannot be read.');
  }
}
