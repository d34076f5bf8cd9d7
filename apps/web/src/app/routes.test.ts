import { isValidElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { RouteGuard } from '../components/route-guard';
import { isRouteHandle } from '../lib/route-handle';
import { paths, type PathName } from '../lib/paths';
import { guestRouteTables } from './centre-guest-routes';
import { AUTH_LAYOUT_ID, ROOT_ROUTE_ID, centreRoutes, isGuestPage, patchCentreRoutes } from './centre-routes';
import { signedInLayoutRoute } from './centre-signed-in-routes';
import { loadGraphqlScope } from './graphql-route';
import { platformRoutes } from './platform-routes';

interface Flat {
  path: string;
  guarded: boolean;
  lazy: boolean;
  handle: unknown;
}

function flatten(routes: readonly RouteObject[], guarded = false): Flat[] {
  return routes.flatMap((route) => {
    const isGuard = guarded || (isValidElement(route.element) && route.element.type === RouteGuard);
    const own: Flat[] =
      route.path && route.path !== '/' && route.path !== '*'
        ? [{ path: route.path, guarded: isGuard, lazy: Boolean(route.lazy) || Boolean(route.element), handle: route.handle }]
        : [];
    return [...own, ...flatten(route.children ?? [], isGuard)];
  });
}

/** The centre's routes with every table patched in, as the app has them once it has loaded them all. */
function allCentreRoutes(kind: 'petcare' | 'childcare'): RouteObject[] {
  const guest = guestRouteTables();
  return centreRoutes({ auth: guest.auth, root: [...guest.root, signedInLayoutRoute(kind)] });
}

/** Google's redirect URI lives on the platform host only (platform-routes.tsx). */
// The demo request page and the centre pages are the platform's (issue 22): no centre host routes them.
const PLATFORM_ONLY: PathName[] = ['oauth2callback', 'demo', 'demoRequests', 'centersList', 'center', 'centersPlans', 'centersInvoices', 'centersPayments', 'packages', 'customerSignup', 'customerPayment', 'customerCenterSetup'];
const OPERATOR_ONLY: PathName[] = ['centreNew', 'migrationRuns', 'migrationRun', 'sendCustomEmail', 'templates', 'newsletterTemplate', 'newsletterNewFromTemplate', 'immunizations', 'centerAws', 'awsCenterDatabases', 'customerWebsites', 'utilities'];
const ROOT_INDEX: PathName[] = ['root'];

describe('routes', () => {
  // The app patches the route tables in on demand; here they sit where the patches put them.
  const petcare = flatten(allCentreRoutes('petcare'));
  const childcare = flatten(allCentreRoutes('childcare'));

  it('routes every path of the spec on a centre host (pet-pack paths on pet-care centres)', () => {
    const routed = new Set(petcare.map((r) => r.path));
    const missing = (Object.keys(paths) as PathName[]).filter(
      (name) =>
        !OPERATOR_ONLY.includes(name) && !PLATFORM_ONLY.includes(name) && !ROOT_INDEX.includes(name) && !routed.has(paths[name].pattern),
    );
    expect(missing).toEqual([]);
  });

  it('leaves pet-pack paths out of child-care centres', () => {
    const routed = new Set(childcare.map((r) => r.path));
    expect(routed.has(paths.pets.pattern)).toBe(false);
    expect(routed.has(paths.students.pattern)).toBe(true);
  });

  it('routes each path once', () => {
    const all = petcare.map((r) => r.path);
    expect(all.length).toBe(new Set(all).size);
  });

  it('puts every non-guest route behind the guard with a role rule, and guest routes outside it', () => {
    for (const route of petcare) {
      const handle = isRouteHandle(route.handle) ? route.handle : {};
      if (route.guarded) expect(handle.access?.role, route.path).not.toBe('guest');
      else expect(handle.access?.role, route.path).toBe('guest');
      expect(handle.access, route.path).toBeDefined();
    }
    const login = petcare.find((r) => r.path === paths.login.pattern)!;
    expect(login.guarded).toBe(false);
    expect(petcare.find((r) => r.path === paths.themeCustomizer.pattern)?.guarded).toBe(true);
  });

  it('loads every page lazily', () => {
    const pages = [...petcare, ...flatten(platformRoutes)].filter((r) => r.path !== paths.blogs.pattern);
    const eager = (routes: readonly RouteObject[]): string[] =>
      routes.flatMap((r) => [
        ...(r.path && r.path !== '*' && r.path !== '/' && !r.lazy && r.path !== paths.blogs.pattern ? [r.path] : []),
        ...eager(r.children ?? []),
      ]);
    expect(eager(allCentreRoutes('petcare'))).toEqual([]);
    expect(eager(platformRoutes)).toEqual([]);
    expect(pages.length).toBeGreaterThan(200);
  });

  it('puts every page but the centre sign-in page below the GraphQL client (the sign-in page loads without urql)', () => {
    const pages = (routes: readonly RouteObject[], scoped = false): { path: string; scoped: boolean }[] =>
      routes.flatMap((r) => {
        const inScope = scoped || r.lazy === loadGraphqlScope;
        return [...(r.path && r.path !== '*' ? [{ path: r.path, scoped: inScope }] : []), ...pages(r.children ?? [], inScope)];
      });
    const centre = pages(allCentreRoutes('petcare'));
    expect(centre.filter((p) => !p.scoped).map((p) => p.path)).toEqual([paths.login.pattern]);
    expect(pages(platformRoutes).filter((p) => !p.scoped && p.path !== '/')).toEqual([]);
  });

  it('gives the operator console its own routes', () => {
    const routed = new Set(flatten(platformRoutes).map((r) => r.path));
    for (const name of [...OPERATOR_ONLY, 'centersList', 'center', 'demoRequests', 'demo', 'packages', 'customerSignup', 'customerPayment', 'customerCenterSetup', 'login', 'error404'] as PathName[])
      expect(routed.has(paths[name].pattern), name).toBe(true);
  });
});

describe('route tables on demand', () => {
  const patchArgs = (
    path: string,
    patch: (routeId: string | null, children: RouteObject[]) => void,
    signal = new AbortController().signal,
  ) => ({
    patch,
    signal,
    path,
    matches: [],
    fetcherKey: undefined,
  });
  const lastPath = (routes: RouteObject[], pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route.path;

  it('answers the sign-in page without them, and sends every other path to the splat that asks for them', () => {
    const shell = centreRoutes();
    expect(lastPath(shell, paths.login.to())).toBe(paths.login.pattern);
    for (const other of [paths.register.to(), paths.error404.to(), paths.home.to(), '/']) expect(lastPath(shell, other), other).toBe('*');
    const full = allCentreRoutes('childcare');
    expect(lastPath(full, paths.register.to())).toBe(paths.register.pattern);
    expect(lastPath(full, paths.home.to())).toBe(paths.home.pattern);
    expect(matchRoutes(full, '/')?.at(-1)?.route.index).toBe(true);
  });

  it('tells a guest page from the others before loading a table', () => {
    const guest = guestRouteTables();
    const guestPages = flatten([...guest.auth, ...guest.root]).map((r) => r.path);
    const signedIn = flatten([signedInLayoutRoute('petcare')]).map((r) => r.path);
    expect(guestPages.length).toBeGreaterThanOrEqual(15);
    expect(guestPages.filter((p) => !isGuestPage(p))).toEqual([]);
    expect(signedIn.filter((p) => isGuestPage(p))).toEqual([]);
    expect(isGuestPage('/')).toBe(false);
  });

  it('patches the guest tables alone for a guest page, the signed-in layout alone for a signed-in page, each once', async () => {
    const patch = vi.fn();
    const patcher = patchCentreRoutes('childcare');
    await patcher(patchArgs(paths.register.to(), patch));
    expect(patch.mock.calls.map(([id]) => id)).toEqual([AUTH_LAYOUT_ID, ROOT_ROUTE_ID]);
    const [auth, root] = patch.mock.calls.map(([, children]) => children as RouteObject[]);
    expect(lastPath(auth!, paths.register.to())).toBe(paths.register.pattern);
    expect(lastPath(root!, paths.error404.to())).toBe(paths.error404.pattern);

    await patcher(patchArgs(paths.home.to(), patch));
    await patcher(patchArgs('/nowhere', patch));
    await patcher(patchArgs(paths.forgotPassword.to(), patch));
    expect(patch.mock.calls.map(([id]) => id)).toEqual([AUTH_LAYOUT_ID, ROOT_ROUTE_ID, ROOT_ROUTE_ID]);
    const layout = patch.mock.calls[2]![1] as RouteObject[];
    expect(lastPath(layout, paths.home.to())).toBe(paths.home.pattern);
  });

  it('gives a path no table answers both, the guest pages holding the 404 page it goes to', async () => {
    const patch = vi.fn();
    await patchCentreRoutes('childcare')(patchArgs('/nowhere', patch));
    expect(patch.mock.calls.map(([id]) => id)).toEqual([ROOT_ROUTE_ID, AUTH_LAYOUT_ID, ROOT_ROUTE_ID]);
  });

  it('patches on a later navigation when the first one was cancelled', async () => {
    const patch = vi.fn();
    const patcher = patchCentreRoutes('childcare');
    const cancelled = new AbortController();
    cancelled.abort();
    await patcher(patchArgs(paths.home.to(), patch, cancelled.signal));
    expect(patch).not.toHaveBeenCalled();
    await patcher(patchArgs(paths.home.to(), patch));
    expect(patch).toHaveBeenCalledTimes(1);
  });
});
