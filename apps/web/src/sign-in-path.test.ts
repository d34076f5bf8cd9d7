import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The sign-in page has a JavaScript budget (bench/spa-weight.ts): what start-up, the centre app and
 * the page import statically must not reach the GraphQL client (urql comes with the other pages,
 * app/graphql-route) or the whole path table (lib/paths; the sign-in path uses lib/guest-paths).
 */
const root = fileURLToPath(new URL('.', import.meta.url));

/** Static imports that survive compilation: not `import type`, not imports of types only, not `import()`. */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*'([^']+)'|^import\s+'([^']+)'/gms)) {
    if (m[4]) {
      found.push(m[4]);
      continue;
    }
    if (m[1]) continue;
    const clause = (m[2] ?? '').trim();
    const onlyTypes =
      clause.startsWith('{') &&
      clause
        .slice(1, -1)
        .split(',')
        .every((n) => !n.trim() || n.trim().startsWith('type '));
    if (!onlyTypes) found.push(m[3]!);
  }
  return found;
}

function resolveSource(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`]) if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  return null;
}

function staticGraph(entries: string[]): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of runtimeImports(file)) {
      if (!specifier.startsWith('.')) {
        packages.add(specifier);
        continue;
      }
      const target = resolveSource(file, specifier);
      if (target) visit(target);
    }
  };
  entries.forEach((entry) => visit(resolve(root, entry)));
  return { files, packages };
}

describe('the sign-in path', () => {
  const { files, packages } = staticGraph(['main.tsx', 'app/centre-app.tsx', 'features/auth/pages/login.page.tsx']);
  const names = [...files].map((f) => relative(root, f));

  it('reaches the modules it is made of', () => {
    expect(names).toEqual(expect.arrayContaining(['app/boot.tsx', 'app/app-root.tsx', 'lib/guest-paths.ts', 'lib/graphql-post.ts']));
    expect(packages).toContain('react-router-dom');
  });

  it('loads neither urql nor the whole path table', () => {
    expect([...packages].filter((p) => /^(urql|@urql\/|graphql-ws|graphql$)/.test(p))).toEqual([]);
    expect(names.filter((n) => n === 'lib/paths.ts' || n === 'lib/graphql-client.ts' || n === 'app/graphql-scope.tsx')).toEqual([]);
  });

  it('loads no other route table (they come on demand, app/centre-routes)', () => {
    const tables = [
      'features/auth/routes.tsx',
      'app/centre-guest-routes.tsx',
      'app/centre-signed-in-routes.tsx',
      'components/route-guard.tsx',
    ];
    expect(names.filter((n) => tables.includes(n))).toEqual([]);
  });
});
