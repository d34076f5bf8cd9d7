import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { matchPath, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PERMISSION_NAMES, roleAtLeast, type RoleName } from '@kv/shared';
import { guestRouteTables } from './app/centre-guest-routes';
import { centreMenu } from './app/centre-menu';
import { centreRoutes } from './app/centre-routes';
import { signedInLayoutRoute } from './app/centre-signed-in-routes';
import type { AccessRule } from './lib/access';
import { linkAccess, menuLinks } from './lib/menu';
import { paths } from './lib/paths';
import { isRouteHandle } from './lib/route-handle';

/**
 * Route and menu rules against the server's authorization matrix: a page whose route lets in a
 * role (or a role without a permission) that the gate refuses for a query the page loads fails
 * here, so the SPA never shows a page that can only answer FORBIDDEN.
 */
const src = fileURLToPath(new URL('.', import.meta.url));
const matrixFile = fileURLToPath(new URL('../../tenant-api/src/authorization-matrix.json', import.meta.url));

interface Entry {
  min_role: RoleName;
  permission?: string | string[];
  permission_from?: RoleName;
}
const matrix = (JSON.parse(readFileSync(matrixFile, 'utf8')) as { operations: Record<string, Entry> }).operations;

/** The gate's rule (graphql/authorization.ts): may a viewer with this role and these permissions call it? */
function gateAllows(entry: Entry, role: RoleName, permissions: readonly string[]): boolean {
  if (entry.min_role === 'guest') return true;
  if (!roleAtLeast(role, entry.min_role)) return false;
  if (entry.permission === undefined || roleAtLeast(role, 'center')) return true;
  if (!roleAtLeast(role, entry.permission_from ?? entry.min_role)) return true;
  return [entry.permission].flat().some((p) => permissions.includes(p));
}

// Every GraphQL document of the centre's features, by module file (operator pages talk to the control plane).
const apiModules = import.meta.glob<Record<string, unknown>>('./features/*/api/*.ts', { eager: true });
const pageModules = import.meta.glob<Record<string, unknown>>('./features/*/pages/**/*.page.tsx', { eager: true });

function asDocument(value: unknown): DocumentNode | null {
  if (typeof value === 'object' && value !== null && (value as DocumentNode).kind === 'Document') return value as DocumentNode;
  if (typeof value === 'string' && /^\s*(query|mutation|subscription)\b/.test(value)) return parse(value);
  return null;
}

/** `Query.x` names of the queries a document runs (mutations run on a person's action, not on load). */
function queryFields(document: DocumentNode): string[] {
  return document.definitions
    .filter((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition' && d.operation === 'query')
    .flatMap((d) => d.selectionSet.selections.flatMap((s) => (s.kind === 'Field' ? [`Query.${s.name.value}`] : [])));
}

const importRe = /import\s+(?:type\s+)?([\s\S]*?)\s+from\s+'(\.[^']+)'/g;

function resolveModule(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`]) {
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      /* try the next extension */
    }
  }
  return null;
}

/** The queries a page module runs itself: the documents it imports from its feature's api/ (dialogs and panels query on demand). */
function pageQueries(pageFile: string): Set<string> {
  const feature = /features\/[^/]+\//.exec(relative(src, pageFile))![0];
  const seen = new Set<string>();
  const out = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(importRe)) {
      const [, clause, specifier] = m as unknown as [string, string, string];
      if (clause.startsWith('type ') || m[0].startsWith('import type')) continue;
      const target = resolveModule(file, specifier);
      if (!target || !relative(src, target).startsWith(feature)) continue;
      const key = `./${relative(src, target).replace(/\\/g, '/')}`;
      if (key.includes('/api/')) {
        const exports = apiModules[key] ?? {};
        const names = [...clause.replace(/[{}]/g, '').split(',')].map((n) =>
          n
            .trim()
            .split(/\s+as\s+/)[0]!
            .replace(/^type\s+/, ''),
        );
        for (const name of names) {
          const document = asDocument(exports[name]);
          if (document) for (const f of queryFields(document)) out.add(f);
        }
      }
    }
  };
  visit(join(src, pageFile));
  return out;
}

/**
 * Queries a page runs only for some of the viewers its route lets in, each with the condition the
 * page checks before it runs the query (the route's other viewers never send it).
 */
const CONDITIONAL: Record<string, Record<string, string>> = {
  './features/people/pages/students.page.tsx': {
    'Query.getArchivedList': 'the archive tab: managers holding students.edit (mayArchive)',
    'Query.getLeadStudents': 'the waitlist tab: managers (links.manager)',
  },
  './features/attendance/pages/staff.page.tsx': {
    'Query.getTimeclockLink': 'the time clock link card: managers holding locations.manage',
  },
  './features/calendar/pages/calendar.page.tsx': {
    'Query.getTeamCalendar': 'the shifts: staff (teachers and above), paused for families',
  },
  './features/forms/pages/printed.page.tsx': {
    'Query.students': "the sign-for-a-child picker of a printed form's entries: staff holding students.view",
  },
};

interface RoutedPage {
  path: string;
  access: AccessRule;
  file: string;
}

/** Every centre route with the page module its `lazy` loads (found by the component it returns). */
async function routedPages(): Promise<RoutedPage[]> {
  const byComponent = new Map<unknown, string>();
  for (const [file, exports] of Object.entries(pageModules)) for (const value of Object.values(exports)) byComponent.set(value, file);
  const guest = guestRouteTables();
  const out: RoutedPage[] = [];
  const walk = async (routes: readonly RouteObject[], inherited?: AccessRule) => {
    for (const route of routes) {
      const access = (isRouteHandle(route.handle) ? route.handle.access : undefined) ?? inherited;
      if (route.path && route.lazy && access) {
        const loaded = (await (route.lazy as () => Promise<{ Component?: unknown }>)()) ?? {};
        const file = byComponent.get(loaded.Component);
        if (file) out.push({ path: route.path, access, file });
      }
      await walk(route.children ?? [], access);
    }
  };
  for (const kind of ['childcare', 'petcare'] as const) {
    await walk(centreRoutes({ auth: guest.auth, root: [...guest.root, signedInLayoutRoute(kind)] }));
  }
  return out;
}

describe('route and menu rules against the authorization matrix', () => {
  it('knows the matrix and finds the pages behind the routes', async () => {
    expect(Object.keys(matrix).length).toBeGreaterThan(300);
    const pages = await routedPages();
    expect(pages.length).toBeGreaterThan(60);
    expect(pages.find((p) => p.path === paths.locations.pattern)?.file).toBe('./features/centre-setup/pages/locations.page.tsx');
    expect(pageQueries('features/centre-setup/pages/locations.page.tsx')).toContain('Query.getAllLocations');
  });

  it('lets into a page only viewers the gate lets call every query the page loads', async () => {
    const offences: string[] = [];
    for (const page of await routedPages()) {
      if (page.file.includes('/operator/')) continue;
      const role = page.access.role;
      if (role === 'guest') continue;
      for (const operation of pageQueries(page.file.slice(2))) {
        if (CONDITIONAL[page.file]?.[operation]) continue;
        const entry = matrix[operation];
        if (!entry) offences.push(`${page.path}: ${operation} is not in the matrix`);
        else if (!gateAllows(entry, role, page.access.permissions ?? [])) {
          offences.push(
            `${page.path} (${role}${page.access.permissions ? ` + ${page.access.permissions.join(', ')}` : ''}) loads ${operation}`,
          );
        }
      }
    }
    expect([...new Set(offences)].sort()).toEqual([]);
  });

  it('lists in CONDITIONAL only queries the page loads', () => {
    for (const [file, operations] of Object.entries(CONDITIONAL)) {
      const loaded = pageQueries(file.slice(2));
      for (const operation of Object.keys(operations)) expect(loaded.has(operation), `${file} ${operation}`).toBe(true);
    }
  });

  it('shows a menu entry only to viewers its page lets in', async () => {
    const pages = await routedPages();
    const offences: string[] = [];
    for (const link of menuLinks(centreMenu)) {
      for (const role of ['user', 'blog', 'teacher', 'manager', 'center'] as const) {
        // The viewer the link shows to with the fewest permissions (the owner's abilities are every one).
        const bare = { role, roles: [role], permissions: [] as readonly string[], user: null };
        const rule = linkAccess(link, bare);
        if (!roleAtLeast(role, rule.role) || (link.below && roleAtLeast(role, link.below))) continue;
        const permissions = roleAtLeast(role, 'center') ? PERMISSION_NAMES : (rule.permissions ?? []);
        const viewer = { ...bare, permissions };
        const target = link.to(viewer).split('?')[0]!;
        const page = pages.find((p) => p.path === target) ?? pages.find((p) => matchPath({ path: p.path, end: true }, target));
        if (!page) continue;
        const missing = (page.access.permissions ?? []).filter((p) => !permissions.includes(p));
        if (!roleAtLeast(role, page.access.role) || missing.length) offences.push(`${link.id} as ${role} → ${target}`);
      }
    }
    expect(offences).toEqual([]);
  });
});
