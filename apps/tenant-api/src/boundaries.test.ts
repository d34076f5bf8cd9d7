import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Module boundaries (docs/ARCHITECTURE.md "Module shape and boundaries"):
 * - another module, and the app around the modules, import a module only through its `index.ts`
 *   (tests may also use another module's `test-fixtures.ts`);
 * - modules depend on each other one way: no import cycle between modules;
 * - `core/` is below every module and imports none.
 */
const root = fileURLToPath(new URL('.', import.meta.url));

/** Imports allowed past these rules, each with its reason (at most five). */
const EXCEPTIONS: { from: string; to: string; reason: string }[] = [];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((m) => relative(root, resolve(dirname(file), m[1]!)));
}

const files = sources(root).map((f) => relative(root, f));
const moduleOf = (path: string) => /^modules\/([^/]+)\//.exec(path)?.[1] ?? null;
const isTestCode = (path: string) => /\.test\.ts$|(^|\/)test-fixtures\.ts$|^test\//.test(path);
const excepted = (from: string, to: string) => EXCEPTIONS.some((e) => e.from === from && e.to === to);
const edges = files.flatMap((from) => imports(join(root, from)).map((to) => ({ from, to })));

describe('tenant API module boundaries', () => {
  it('imports another module only through its index.ts', () => {
    const offences = edges
      .filter(({ from, to }) => {
        const target = moduleOf(to);
        if (!target || moduleOf(from) === target) return false;
        if (to === `modules/${target}/index.ts`) return false;
        if (isTestCode(from) && to.endsWith('/test-fixtures.ts')) return false;
        return !excepted(from, to);
      })
      .map(({ from, to }) => `${from} → ${to}`);
    expect(offences).toEqual([]);
  });

  it('has no import cycle between modules', () => {
    const graph = new Map<string, Set<string>>();
    for (const { from, to } of edges) {
      const a = moduleOf(from);
      const b = moduleOf(to);
      if (!a || !b || a === b || isTestCode(from) || excepted(from, to)) continue;
      graph.set(a, (graph.get(a) ?? new Set()).add(b));
    }
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (m: string, path: string[]) => {
      if (state.get(m) === 'done') return;
      if (state.get(m) === 'open') {
        cycles.push([...path.slice(path.indexOf(m)), m].join(' → '));
        return;
      }
      state.set(m, 'open');
      for (const next of graph.get(m) ?? []) visit(next, [...path, m]);
      state.set(m, 'done');
    };
    for (const m of graph.keys()) visit(m, []);
    expect(cycles).toEqual([]);
  });

  it('keeps the core below every module', () => {
    const offences = edges.filter(({ from, to }) => from.startsWith('core/') && !to.startsWith('core/') && to !== 'types.ts');
    expect(offences.map(({ from, to }) => `${from} → ${to}`)).toEqual([]);
  });

  it('gives every module an index.ts and keeps the exceptions few and explained', () => {
    const areas = [...new Set(files.map(moduleOf).filter((m): m is string => Boolean(m)))];
    expect(areas.filter((m) => !files.includes(`modules/${m}/index.ts`))).toEqual([]);
    expect(EXCEPTIONS.length).toBeLessThanOrEqual(5);
    expect(EXCEPTIONS.filter((e) => e.reason.trim().length < 20)).toEqual([]);
  });
});
