import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '../lib/i18n';
import { localeBundles } from '../test/test-i18n';

type Json = { [key: string]: Json | string };

function flatten(json: Json, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(json)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const bundles = localeBundles();

describe('translations', () => {
  it('has every namespace in English and Spanish', () => {
    for (const language of ['en', 'es']) {
      for (const ns of NAMESPACES) expect(bundles[language]?.[ns], `${language}/${ns}`).toBeDefined();
    }
  });

  it.each(NAMESPACES)('Spanish translates exactly the English keys of %s', (ns) => {
    const en = flatten(bundles.en![ns]!);
    const es = flatten(bundles.es![ns]!);
    expect([...es.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it.each(NAMESPACES)('Spanish keeps the interpolation variables of %s', (ns) => {
    const en = flatten(bundles.en![ns]!);
    const es = flatten(bundles.es![ns]!);
    for (const [key, text] of en) expect(variables(es.get(key) ?? ''), key).toEqual(variables(text));
  });

  it('has no empty translation', () => {
    for (const [language, namespaces] of Object.entries(bundles)) {
      for (const [ns, json] of Object.entries(namespaces)) {
        for (const [key, text] of flatten(json)) expect(text.trim(), `${language}/${ns}:${key}`).not.toBe('');
      }
    }
  });

  it('the dogs pack only overrides keys that exist, in both languages alike', () => {
    for (const language of ['en', 'es']) {
      const dogs = bundles[language]!.dogs!;
      for (const [ns, overlay] of Object.entries(dogs)) {
        expect(NAMESPACES as readonly string[]).toContain(ns);
        const base = flatten(bundles[language]![ns]!);
        for (const key of flatten(overlay as Json).keys()) expect(base.has(key), `${language}/dogs/${ns}:${key}`).toBe(true);
      }
    }
    expect([...flatten(bundles.es!.dogs!).keys()].sort()).toEqual([...flatten(bundles.en!.dogs!).keys()].sort());
  });

  it('the dogs pack renames students, users, teachers and programs', () => {
    const dogs = flatten(bundles.en!.dogs!);
    expect(dogs.get('shell.menu.students')).toBe('Pets');
    expect(dogs.get('shell.menu.users')).toBe('Contacts');
    expect(dogs.get('shell.menu.teachers')).toBe('Staff');
    expect(dogs.get('dashboard.counters.programs')).toBe('Rooms');
  });

  it('every key the code names exists in English', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(path);
      }
    };
    walk(root);
    const missing: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/'((?:common|shell|auth|dashboard|access|settings|operator):[A-Za-z0-9_.-]+)'/g)) {
        const [ns, key] = match[1]!.split(':') as [string, string];
        if (key.endsWith('.')) continue; // a prefix completed at run time (`menuNames.${name}`)
        if (!flatten(bundles.en![ns] ?? {}).has(key)) missing.push(`${match[1]} (${file.slice(root.length)})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
