// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider, type Client } from 'urql';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '../../../lib/app-config';
import type { SessionSnapshot, SessionStore } from '../../../lib/session-store';
import { ShellContext, type Shell } from '../../../lib/shell-context';
import { createTestI18n } from '../../../test/test-i18n';
import { useEntrySender } from './use-entry-sender';

const notices = vi.hoisted(() => ({ showMessage: vi.fn() }));
vi.mock('../../../lib/notices', () => ({ showMessage: notices.showMessage, showNotice: vi.fn() }));

/** A server that records each request_id once (a repeat answers `replayed`), reachable or not. */
function fakeServer() {
  const state = { reachable: true, calls: [] as string[], recorded: new Set<string>() };
  const client = {
    mutation: (_doc: unknown, vars: { request_id: string }) => ({
      toPromise: async () => {
        state.calls.push(vars.request_id);
        if (!state.reachable) return { error: { networkError: new Error('Failed to fetch'), graphQLErrors: [] } };
        const replayed = state.recorded.has(vars.request_id);
        state.recorded.add(vars.request_id);
        return { data: { saveMealActivity: { status: true, message: 'Saved.', color: 'success', replayed, activity: null } } };
      },
    }),
  };
  return { client: client as unknown as Client, state };
}

function shell(): Shell {
  const snapshot: SessionSnapshot = {
    user: { id: '42', full_name: 'Priya Natarajan', username: 'teacher', roles: [{ name: 'teacher' }], permissions: ['activities.manage'] },
    endReason: null,
  };
  const session = { subscribe: () => () => {}, getSnapshot: () => snapshot } as unknown as SessionStore;
  const config: AppConfig = {
    surface: 'centre',
    centre: { name: 'Demo', slug: 'demo', kind: 'childcare', language_pack: 'default' },
    devMailbox: false,
  };
  return { config, session, entryPath: () => '/', signOut: async () => {} };
}

let i18n: I18n;
let online = true;
beforeAll(async () => {
  i18n = await createTestI18n('en');
});
beforeEach(() => {
  localStorage.clear();
  online = true;
  vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  cleanup();
  notices.showMessage.mockReset();
  vi.restoreAllMocks();
});

function mount(client: Client) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ShellContext.Provider value={shell()}>
      <I18nextProvider i18n={i18n}>
        <Provider value={client}>{children}</Provider>
      </I18nextProvider>
    </ShellContext.Provider>
  );
  return renderHook(() => useEntrySender(), { wrapper });
}

const meal = (request_id: string) => ({
  id: '5',
  date: '2026-11-27',
  time: '12:05',
  students: ['1', '2'],
  staffOnly: false,
  note: null,
  request_id,
  type: 'lunch',
  portion: 'all',
  title: null,
});

const stored = () => JSON.parse(localStorage.getItem('activity_queue') ?? '[]') as { request_id: string; userId: string }[];

describe('quick entry offline', () => {
  it('queues an entry made offline with its request_id, shows the count, and sends it once on reconnect', async () => {
    const { client, state } = fakeServer();
    online = false;
    const { result } = mount(client);
    let outcome = '';
    await act(async () => {
      outcome = await result.current.save('meal', meal('r-1'));
    });
    expect(outcome).toBe('queued');
    expect(stored()).toEqual([expect.objectContaining({ request_id: 'r-1', userId: '42' })]);
    expect(result.current.queued).toBe(1);
    expect(state.calls).toEqual([]);

    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(result.current.queued).toBe(0));
    expect(state.calls).toEqual(['r-1']);
    expect(notices.showMessage).toHaveBeenCalledWith('Entries sent from this tablet: 1.', true);
    // Another reconnect sends nothing again.
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(state.calls).toEqual(['r-1']);
    expect(stored()).toEqual([]);
  });

  it('queues a save whose request fails on the way, keeps a repeat of it once, and records it once', async () => {
    const { client, state } = fakeServer();
    state.reachable = false;
    const { result } = mount(client);
    await act(async () => {
      expect(await result.current.save('meal', meal('r-2'))).toBe('queued');
    });
    // The teacher taps Save again on the same entry: still one waiting.
    await act(async () => {
      expect(await result.current.save('meal', meal('r-2'))).toBe('queued');
    });
    expect(stored().map((e) => e.request_id)).toEqual(['r-2']);
    expect(result.current.queued).toBe(1);

    state.reachable = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(result.current.queued).toBe(0));
    expect([...state.recorded]).toEqual(['r-2']);
    expect(state.calls.filter((c) => c === 'r-2').length).toBeGreaterThanOrEqual(1);
  });

  it('saves straight away when the server answers', async () => {
    const { client, state } = fakeServer();
    const { result } = mount(client);
    await act(async () => {
      expect(await result.current.save('meal', meal('r-3'))).toBe('saved');
    });
    expect(state.calls).toEqual(['r-3']);
    expect(stored()).toEqual([]);
  });
});
