/** The one slug rule and the one unique-slug rule of events, venues, organizers and terms. */
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/open.js';
import { migrate } from '../../../server/db/migrate.js';
import { prepareSlugVariants } from '../../../server/db/slug-variants.js';
import { toSlug, uniqueSlug } from '../../../server/text/slug.js';

describe('toSlug', () => {
  it.each([
    ['Summer Fête & Party!', 'summer-fete-party'],
    ['  Café   Rouge ', 'cafe-rouge'],
    ['a - b -- c', 'a-b-c'],
    ['-leading and trailing-', 'leading-and-trailing'],
    ['Crème brûlée 2026', 'creme-brulee-2026'],
    ['$5 <b>show</b>', '5-b-show-b'],
    ['!!!', ''],
  ])('%s → %s', (text, slug) => {
    expect(toSlug(text)).toBe(slug);
  });
});

describe('uniqueSlug', () => {
  it('keeps a free base, else takes the first free number from 2', () => {
    expect(uniqueSlug('hall', new Set())).toBe('hall');
    expect(uniqueSlug('hall', new Set(['hall']))).toBe('hall-2');
    expect(uniqueSlug('hall', new Set(['hall', 'hall-2', 'hall-3']))).toBe('hall-4');
    expect(uniqueSlug('hall', new Set(['hall', 'hall-3']))).toBe('hall-2');
    expect(uniqueSlug('hall', new Set(['hall-2']))).toBe('hall');
  });
});

describe('prepareSlugVariants', () => {
  it('reads the base and its numbered variants only, in the given scope', () => {
    const db = openDatabase(':memory:');
    migrate(db);
    const insert = db.prepare(
      "INSERT INTO terms (taxonomy, name, slug, description) VALUES (?, ?, ?, '')",
    );
    const slugs = ['jazz', 'jazz-2', 'jazz-10', 'jazz-band', 'jazz-', 'jazzy', 'jaz', 'jazz-2a'];
    slugs.forEach((slug, i) => insert.run('tag', `t${i}`, slug));
    insert.run('category', 'c', 'jazz-3');
    const variants = prepareSlugVariants<{ taxonomy: string; id: number }>(
      db,
      'terms',
      'taxonomy = @taxonomy AND id <> @id',
    );
    expect([...variants('jazz', { taxonomy: 'tag', id: 0 })].sort()).toEqual([
      'jazz',
      'jazz-10',
      'jazz-2',
    ]);
    const own = db.prepare("SELECT id FROM terms WHERE slug = 'jazz-2'").pluck().get() as number;
    expect([...variants('jazz', { taxonomy: 'tag', id: own })].sort()).toEqual(['jazz', 'jazz-10']);
    expect([...variants('jazz', { taxonomy: 'category', id: 0 })]).toEqual(['jazz-3']);
    db.close();
  });
});
