/**
 * The console's catalogues: French has every English key with the plural forms French needs,
 * the same placeholders and markup, and every key the console's sources name exists in both.
 * (Keys built from a variable are checked by the compiler: `t` only takes catalogue keys.)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en, fr, type Tree } from '../../helpers/catalogues';

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');
const english = leaves(en);
const french = leaves(fr);
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}|<(\w+)\s*\/?>/g)].map((m) => m[1] ?? `<${m[2]}>`).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the console’s catalogues', () => {
  it('give French every English text, and nothing English lacks', () => {
    const bases = (map: Map<string, string>) => [...new Set([...map.keys()].map(base))].sort();
    expect(bases(french)).toEqual(bases(english));
  });

  it('carry every plural form each language’s rules ask for', () => {
    for (const [language, map] of [
      ['en', english],
      ['fr', french],
    ] as const) {
      const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      const plurals = new Set([...map.keys()].filter((k) => PLURAL.test(k)).map(base));
      for (const key of plurals) {
        for (const form of forms)
          expect(map.has(`${key}_${form}`), `${language} ${key}_${form}`).toBe(true);
      }
    }
    expect(french.size).toBeGreaterThan(english.size - 1);
  });

  it('keep the same placeholders and markup in both languages', () => {
    for (const [key, text] of english) {
      const other = french.get(key) ?? french.get(`${base(key)}_other`);
      expect(other, key).toBeDefined();
      expect(placeholders(other!), key).toEqual(placeholders(text));
      expect(other!.trim(), key).not.toBe('');
    }
  });

  it('hold every key the console’s sources name', () => {
    const named = new Set<string>();
    for (const file of sourceFiles('renderer/src')) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\b(?:t|translate)\(\s*'([a-zA-Z]+\.[\w.]+)'/g))
        named.add(m[1]!);
      for (const m of text.matchAll(/i18nKey="([\w.]+)"/g)) named.add(m[1]!);
      for (const m of text.matchAll(/(?:label|title): '([a-z]+\.[\w.]+)'/g)) named.add(m[1]!);
    }
    expect(named.size).toBeGreaterThan(20);
    const has = (map: Map<string, string>, key: string) => map.has(key) || map.has(`${key}_other`);
    expect([...named].filter((key) => !has(english, key))).toEqual([]);
    expect([...named].filter((key) => !has(french, key))).toEqual([]);
  });
});
