import { Alert, Loader, Stack } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { loadPdfjs } from '../lib/pdfjs';

interface PdfPagesProps {
  /** A signed URL of the PDF. */
  url: string;
  /** Drawn over each page (absolutely positioned children in a box of the page's size). */
  overlay?: (page: number) => ReactNode;
}

/**
 * A PDF drawn page by page with pdf.js at the width of its box (375 px phones to desktops), each
 * page a canvas with an overlay of the same size on top (the printed form's fields).
 */
export function PdfPages({ url, overlay }: PdfPagesProps) {
  const { t } = useTranslation('forms');
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const { ref, width } = useElementSize();

  useEffect(() => {
    let live = true;
    let opened: PDFDocumentProxy | null = null;
    setFailed(false);
    loadPdfjs()
      .then((pdfjs) => pdfjs.getDocument({ url }).promise)
      .then((d) => {
        opened = d;
        if (live) setDoc(d);
        else void d.destroy();
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      void opened?.destroy();
    };
  }, [url]);

  return (
    <div ref={ref} data-testid="pdf-pages">
      {failed ? <Alert color="orange">{t('printed.pdfFailed')}</Alert> : null}
      {!doc && !failed ? <Loader size="sm" /> : null}
      {doc && width > 0 ? (
        <Stack gap="sm">
          {Array.from({ length: doc.numPages }, (_, i) => (
            <PdfPage key={i} doc={doc} page={i + 1} width={Math.floor(width)} overlay={overlay} />
          ))}
        </Stack>
      ) : null}
    </div>
  );
}

function PdfPage({
  doc,
  page,
  width,
  overlay,
}: {
  doc: PDFDocumentProxy;
  page: number;
  width: number;
  overlay?: (page: number) => ReactNode;
}) {
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const [height, setHeight] = useState(0);
  useEffect(() => {
    let cancelled = false;
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    void doc.getPage(page).then((p) => {
      if (cancelled || !canvas.current) return;
      const base = p.getViewport({ scale: 1 });
      const scale = width / base.width;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const view = p.getViewport({ scale: scale * ratio });
      const el = canvas.current;
      el.width = Math.floor(view.width);
      el.height = Math.floor(view.height);
      setHeight(Math.floor(base.height * scale));
      task = p.render({ canvas: el, viewport: view });
      task.promise.catch(() => undefined);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page, width]);
  return (
    <div
      style={{ position: 'relative', width, height: height || undefined, boxShadow: '0 0 0 1px var(--mantine-color-gray-4)' }}
      data-testid={`pdf-page-${page}`}
    >
      <canvas ref={canvas} style={{ width, height: height || undefined, display: 'block' }} />
      {height && overlay ? <div style={{ position: 'absolute', inset: 0 }}>{overlay(page)}</div> : null}
    </div>
  );
}
