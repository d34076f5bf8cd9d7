import { Text } from '@mantine/core';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { Editor } from 'grapesjs';

export interface BuilderHandle {
  /** The newsletter's HTML with its CSS inlined (the preset's `gjs-get-inlined-html`). */
  html(): string;
  load(html: string): void;
}

/**
 * The GrapesJS builder with the newsletter preset (the centres' and the platform's editors). Both (and GrapesJS' stylesheet) are imported
 * here on mount only, so they are a chunk of the editor page and of nothing else.
 */
export const NewsletterBuilder = forwardRef<BuilderHandle, { initial: string; failedText: string }>(function NewsletterBuilder({ initial, failedText }, ref) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<Editor | null>(null);
  const [failed, setFailed] = useState(false);

  useImperativeHandle(ref, () => ({
    html: () => (editor.current ? String(editor.current.runCommand('gjs-get-inlined-html') ?? editor.current.getHtml()) : initial),
    load: (html: string) => editor.current?.setComponents(html),
  }));

  useEffect(() => {
    let cancelled = false;
    Promise.all([import('grapesjs'), import('grapesjs-preset-newsletter'), import('grapesjs/dist/css/grapes.min.css')])
      .then(([{ default: grapesjs }, { default: preset }]) => {
        if (cancelled || !host.current) return;
        editor.current = grapesjs.init({
          container: host.current,
          height: '640px',
          width: 'auto',
          fromElement: false,
          storageManager: false,
          // No Font Awesome from a CDN (the CSP allows our own styles only); the panels draw SVG icons.
          cssIcons: '',
          components: initial,
          plugins: [preset],
        });
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      editor.current?.destroy();
      editor.current = null;
    };
    // The builder loads its first content once; later content goes through `load`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return failed ? (
    <Text c="danger" role="alert">
      {failedText}
    </Text>
  ) : (
    <div ref={host} data-testid="newsletter-builder" style={{ minHeight: 640, border: '1px solid var(--mantine-color-gray-3)' }} />
  );
});
