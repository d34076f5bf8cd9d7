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
export const NewsletterBuilder = forwardRef<
  BuilderHandle,
  {
    initial: string;
    failedText: string;
    /** Uploads an image of the asset manager (the files service) and answers its URL; without it, images are added by URL only. */
    uploadImage?: (file: File) => Promise<{ url: string } | { error: string }>;
    /** Shown when an image upload is refused (its reason). */
    onUploadError?: (reason: string) => void;
  }
>(function NewsletterBuilder({ initial, failedText, uploadImage, onUploadError }, ref) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<Editor | null>(null);
  const [failed, setFailed] = useState(false);
  // The latest upload function (the page's location may change after the builder is made).
  const upload = useRef({ uploadImage, onUploadError });
  upload.current = { uploadImage, onUploadError };

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
          // Images: uploaded through the files service when the page offers it, never embedded as Base64.
          ...(uploadImage
            ? {
                assetManager: {
                  embedAsBase64: false,
                  uploadFile: (ev: DragEvent): undefined => {
                    const list = ev.dataTransfer?.files ?? (ev.target as HTMLInputElement | null)?.files;
                    for (const file of Array.from(list ?? [])) {
                      const { uploadImage: send, onUploadError: refused } = upload.current;
                      if (!send) break;
                      void send(file).then((r) => {
                        if ('url' in r) editor.current?.AssetManager.add({ src: r.url, name: file.name });
                        else refused?.(r.error);
                      });
                    }
                    return undefined;
                  },
                },
              }
            : {}),
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
