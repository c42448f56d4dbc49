import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../helpers/server.js';
import { CATALOGUES, missingTranslations, translator } from '../../../shared/i18n/index.js';
import { buildRegistry, NAMESPACE } from '../../../server/routes.js';
import { argFields, describeArg } from '../../../server/http/describe.js';
import { LABELS } from '../../../server/public/labels.js';
import { mapTexts, publishedDocuments, publishedTexts, walkTexts } from './texts.js';

/** Every localised string replaced by a marker, leaving names, types and defaults. */
const withoutTexts = (node: unknown) => mapTexts(node, () => '<text>');

describe('the French catalogue', () => {
  it('translates every description, summary and title the API publishes about itself', async () => {
    const server = await startTestServer();
    const texts = await publishedTexts(server);
    expect(texts.length).toBeGreaterThan(100);
    expect(missingTranslations('fr', texts)).toEqual([]);
  });

  it('translates every fixed word of the public pages', () => {
    expect(missingTranslations('fr', Object.values(LABELS))).toEqual([]);
  });

  it('has a non-empty translation for every entry', () => {
    for (const [english, french] of Object.entries(CATALOGUES.fr)) {
      expect(french.trim(), english).not.toBe('');
      expect(french, english).toBe(french.trim());
    }
  });

  it('falls back to English for a text it does not know, and English is the keys', () => {
    expect(translator('fr')('No such text in the catalogue.')).toBe(
      'No such text in the catalogue.',
    );
    expect(translator('en')('The event title.')).toBe('The event title.');
    expect(translator('fr')('The event title.')).toBe(CATALOGUES.fr['The event title.']);
  });
});

describe('every argument of the calendar namespace', () => {
  it('carries an English description', () => {
    const missing: string[] = [];
    for (const route of buildRegistry().routesOf(NAMESPACE)) {
      for (const e of route.endpoints) {
        for (const [name, field] of argFields(e.args)) {
          if (describeArg(field).description === undefined) {
            missing.push(`${e.methods.join(',')} ${route.path} ${name}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('switching the site language', () => {
  it('changes the descriptions of the indexes and the doc, and nothing else', async () => {
    const server = await startTestServer();
    const english = await publishedDocuments(server);
    await server.services.settings.update({ language: 'fr' });
    const french = await publishedDocuments(server);

    // The root also names the site's language, which is what changed.
    expect((english.root as { language: string }).language).toBe('en');
    expect((french.root as { language: string }).language).toBe('fr');
    (english.root as { language: string }).language = 'fr';
    for (const key of ['root', 'index', 'doc'] as const) {
      expect(withoutTexts(french[key]), key).toEqual(withoutTexts(english[key]));
      const before: string[] = [];
      const after: string[] = [];
      walkTexts(english[key], (text) => before.push(text));
      walkTexts(french[key], (text) => after.push(text));
      expect(after).toHaveLength(before.length);
      const fr = translator('fr');
      after.forEach((text, i) => expect(text).toBe(fr(before[i]!)));
      expect(after.filter((text, i) => text !== before[i]).length).toBe(before.length);
    }
  });

  it('shows French argument descriptions in the namespace index', async () => {
    const server = await startTestServer({ settings: { language: 'fr' } });
    const index = (await server.call('GET', '/api/calendar/events/v1')).body as {
      routes: Record<string, { endpoints: { args: Record<string, { description?: string }> }[] }>;
    };
    const own = index.routes['/calendar/events/v1']!.endpoints[0]!.args;
    expect(own.namespace!.description).toBe('L’espace de noms à décrire.');
  });
});
