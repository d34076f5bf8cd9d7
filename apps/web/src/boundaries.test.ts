import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Folder rules: features never import each other; shared code (components, lib) never imports
 * features or the app; nothing imports a barrel (index files are not allowed).
 */
const root = fileURLToPath(new URL('.', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((m) => relative(root, resolve(dirname(file), m[1]!)));
}

const files = sources(root).filter((f) => !/\.test\.tsx?$/.test(f) && !f.includes(`${join(root, 'test')}`));

describe('folder boundaries', () => {
  it('keeps features apart', () => {
    const offences: string[] = [];
    for (const file of files) {
      const own = /^features\/([^/]+)\//.exec(relative(root, file))?.[1];
      if (!own) continue;
      for (const target of imports(file)) {
        const other = /^features\/([^/]+)/.exec(target)?.[1];
        if (other && other !== own) offences.push(`${relative(root, file)} → ${target}`);
        if (target.startsWith('app/')) offences.push(`${relative(root, file)} → ${target}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it('keeps shared code free of features and the app', () => {
    const offences = files
      .filter((f) => /^(components|lib)\//.test(relative(root, f)))
      .flatMap((f) =>
        imports(f)
          .filter((t) => /^(features|app)\//.test(t))
          .map((t) => `${relative(root, f)} → ${t}`),
      );
    expect(offences).toEqual([]);
  });

  it('takes zod from lib/zod (configured for the CSP), never from the package', () => {
    const offences = files
      .filter((f) => relative(root, f) !== join('lib', 'zod.ts') && /from\s+'zod(\/[^']*)?'/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(root, f));
    expect(offences).toEqual([]);
  });

  it('has no barrel files and kebab-case names', () => {
    const names = files.map((f) => relative(root, f));
    expect(names.filter((n) => /(^|\/)index\.tsx?$/.test(n))).toEqual([]);
    expect(names.filter((n) => !/^[a-z0-9/.-]+$/.test(n))).toEqual([]);
  });
});
