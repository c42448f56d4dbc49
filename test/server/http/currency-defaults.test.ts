/**
 * Costs default to the currency of the site's place and language: euros after the amount for a
 * Paris site in French, pounds for London, dollars elsewhere in English, until an administrator
 * chooses one; events' costs follow.
 */
import { describe, expect, it } from 'vitest';
import { siteCurrency } from '../../../shared/i18n/locale.js';
import { startTestServer } from '../../helpers/server.js';
import { createEvent } from '../../helpers/fixtures.js';

const SETTINGS = '/api/calendar/admin/v1/settings';

describe('the default currency', () => {
  it('follows the site’s zone and language until one is chosen', async () => {
    const server = await startTestServer({
      settings: { timezone: 'Europe/Paris', language: 'fr' },
    });
    const read = await server.call('GET', SETTINGS, { auth: server.admin });
    expect(read.body).toMatchObject({
      currency_symbol: '€',
      currency_code: 'EUR',
      currency_position: 'postfix',
    });
    const event = await createEvent(server, { title: 'Concert', cost: '15' });
    expect(event.cost).toBe('15€');

    const chosen = await server.call('PATCH', SETTINGS, {
      auth: server.admin,
      body: { currency_symbol: 'CHF', currency_code: 'CHF' },
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({
      currency_symbol: 'CHF',
      currency_code: 'CHF',
      currency_position: 'postfix',
    });
  });

  it('is the pound in London, the dollar in New York and by default in English', () => {
    expect(siteCurrency('en', 'Europe/London')).toEqual({
      currency_symbol: '£',
      currency_code: 'GBP',
      currency_position: 'prefix',
    });
    expect(siteCurrency('en', 'America/New_York').currency_code).toBe('USD');
    expect(siteCurrency('en', 'UTC').currency_code).toBe('USD');
    expect(siteCurrency('en', 'Europe/Paris')).toEqual({
      currency_symbol: '€',
      currency_code: 'EUR',
      currency_position: 'prefix',
    });
    expect(siteCurrency('fr', 'America/Montreal').currency_code).toBe('CAD');
    expect(siteCurrency('fr', 'UTC').currency_code).toBe('EUR');
  });
});
