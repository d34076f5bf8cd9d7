// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider, type Client } from 'urql';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../test/test-i18n';
import { useResizeWalk } from './use-resize-walk';

const notices = vi.hoisted(() => ({ showMessage: vi.fn() }));
vi.mock('../../../lib/notices', () => ({ showMessage: notices.showMessage, showNotice: vi.fn() }));

/** 12 stored photos and one video over two pages of the listing. */
const STORED = [
  ...Array.from({ length: 12 }, (_, i) => ({ id: String(i + 1), file: { id: `f${i + 1}`, content_type: 'image/webp' } })),
  { id: 'v1', file: { id: 'fv', content_type: 'video/mp4' } },
];

/** A client answering the listing from STORED and bulkResizeImges through `resize` (true: resized). */
function fakeClient(resize: (ids: string[]) => boolean) {
  const batches: string[][] = [];
  const client = {
    query: (_doc: unknown, vars: { page: number; first: number }) => ({
      toPromise: async () => {
        const size = 10;
        const rows = STORED.slice((vars.page - 1) * size, vars.page * size);
        const lastPage = Math.ceil(STORED.length / size);
        return {
          data: { getPhotos: { data: rows, paginatorInfo: { currentPage: vars.page, lastPage, perPage: size, total: STORED.length } } },
        };
      },
    }),
    mutation: (_doc: unknown, vars: { ids: string[] }) => ({
      toPromise: async () => {
        batches.push(vars.ids);
        const ok = resize(vars.ids);
        return ok
          ? { data: { bulkResizeImges: { status: true, message: 'Resized successfully!', color: 'success', resized: vars.ids.length } } }
          : {
              error: { graphQLErrors: [{ message: 'The image could not be re-encoded.', extensions: { code: 'IMAGE_RESIZE_FAILED' } }] },
            };
      },
    }),
  };
  return { client: client as unknown as Client, batches };
}

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n('en');
});
afterEach(() => {
  cleanup();
  notices.showMessage.mockReset();
  vi.restoreAllMocks();
});

function mount(client: Client) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <Provider value={client}>{children}</Provider>
    </I18nextProvider>
  );
  return renderHook(() => useResizeWalk(), { wrapper });
}

describe('useResizeWalk', () => {
  it('lists every stored image (not videos), resizes them 5, 5 and 2, then shows Images / Resized successfully!', async () => {
    const { client, batches } = fakeClient(() => true);
    const { result } = mount(client);
    await act(() => result.current.start());
    expect(batches.map((b) => b.length)).toEqual([5, 5, 2]);
    expect(batches.flat()).not.toContain('v1');
    expect(result.current.state).toEqual({ step: 'finished', total: 12 });
    expect(notices.showMessage).toHaveBeenCalledWith('Resized successfully!', true, 'Images');
  });

  it('a failure in the second batch is logged and stops the walk; Retry resumes at that batch', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let failing = true;
    const { client, batches } = fakeClient((ids) => !(failing && ids[0] === '6'));
    const { result } = mount(client);
    await act(() => result.current.start());
    expect(batches.map((b) => b[0])).toEqual(['1', '6']);
    expect(result.current.state).toMatchObject({ step: 'failed', done: 5, total: 12, message: 'The image could not be re-encoded.' });
    expect(error).toHaveBeenCalled();
    expect(notices.showMessage).toHaveBeenCalledWith(expect.stringContaining('The image could not be re-encoded.'), false, 'Images');

    failing = false;
    await act(() => result.current.retry());
    expect(batches.map((b) => b[0])).toEqual(['1', '6', '6', '11']);
    expect(result.current.state).toEqual({ step: 'finished', total: 12 });
    expect(notices.showMessage).toHaveBeenLastCalledWith('Resized successfully!', true, 'Images');
  });
});
