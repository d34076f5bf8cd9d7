// @vitest-environment jsdom
import '../test/dom';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import type { AppConfig } from '../lib/app-config';
import type { SessionSnapshot, SessionStore, SessionUser } from '../lib/session-store';
import { ShellContext, type Shell } from '../lib/shell-context';
import { viewerFromUser } from '../lib/viewer';
import { RouteGuard, decideForMatches } from './route-guard';

const user = (role: string, permissions: string[] = []): SessionUser => ({
  id: '1',
  full_name: 'Test Person',
  username: 'test',
  roles: [{ name: role }],
  permissions,
});

function fakeShell(current: SessionUser | null): Shell {
  const snapshot: SessionSnapshot = { user: current, endReason: null };
  const session = { subscribe: () => () => {}, getSnapshot: () => snapshot } as unknown as SessionStore;
  const config: AppConfig = {
    surface: 'centre',
    centre: { name: 'Demo', slug: 'demo', kind: 'childcare', language_pack: 'default' },
    devMailbox: false,
  };
  return { config, session, entryPath: () => '/', signOut: async () => {} };
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string, current: SessionUser | null) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <Where /> },
      {
        element: <RouteGuard />,
        children: [
          { path: '/home', handle: { access: { role: 'user' } }, element: <p>home page</p> },
          {
            path: '/permissions',
            handle: { access: { role: 'kvsupport', permissions: ['permissions.manage'] } },
            element: <p>permissions page</p>,
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <ShellContext.Provider value={fakeShell(current)}>
      <RouterProvider router={router} />
    </ShellContext.Provider>,
  );
}

afterEach(cleanup);

describe('route guard', () => {
  it('decides from every matched rule', () => {
    const manager = viewerFromUser(user('manager'));
    expect(decideForMatches([undefined, { access: { role: 'user' } }], manager)).toBe('allow');
    expect(decideForMatches([{ access: { role: 'user' } }, { access: { role: 'center' } }], manager)).toBe('forbidden');
    expect(decideForMatches([{ access: { role: 'user' } }], viewerFromUser(null))).toBe('sign-in');
    expect(decideForMatches([{ access: { role: 'guest' } }], viewerFromUser(null))).toBe('allow');
    expect(decideForMatches([{ access: { role: 'manager', permissions: ['reports.view'] } }], manager)).toBe('forbidden');
    expect(
      decideForMatches([{ access: { role: 'manager', permissions: ['reports.view'] } }], viewerFromUser(user('manager', ['reports.view']))),
    ).toBe('allow');
  });

  it('sends a guest to /login and remembers the wanted page', async () => {
    renderAt('/home?tab=2', null);
    expect((await screen.findByTestId('where')).textContent).toBe('/login?redirect=%2Fhome%3Ftab%3D2');
  });

  it('lets an allowed role in', async () => {
    renderAt('/home', user('user'));
    expect(await screen.findByText('home page')).toBeTruthy();
  });

  it('sends a signed-in user without the role to /login, saying access was denied', async () => {
    renderAt('/permissions', user('manager', ['permissions.manage']));
    expect((await screen.findByTestId('where')).textContent).toBe('/login?redirect=%2Fpermissions&denied=1');
  });

  it('needs the named permission as well as the role', async () => {
    renderAt('/permissions', user('center'));
    expect((await screen.findByTestId('where')).textContent).toContain('denied=1');
    cleanup();
    renderAt('/permissions', user('center', ['permissions.manage']));
    expect(await screen.findByText('permissions page')).toBeTruthy();
  });
});
