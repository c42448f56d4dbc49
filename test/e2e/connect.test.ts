/**
 * Connect a device and Subscribe, in Chromium, with LAN sharing off and then on: a phone is never
 * offered 127.0.0.1 (no QR code, no setup steps, no address of this computer in a phone's steps);
 * with sharing off both screens say how to turn it on, and once it is on they show the LAN
 * address by themselves. A device password made on the screen fetches the configuration profile
 * from the LAN address. Screenshots with ALMANAC_SCREENSHOTS=1.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { lanAddresses } from '../../server/http/guards.js';
import { basic, call } from './support/api.js';
import { hasChromium, launch } from './support/browser.js';
import { ADMIN, startServer, type E2EServer } from './support/server.js';
import { openScreen, settled, signIn } from './support/session.js';
import { WRITE_SCREENSHOTS } from './support/shots.js';

const OUT = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const SETTINGS = '/api/calendar/admin/v1/settings';
const LOOPBACK = /127\.0\.0\.1|localhost|\[::1\]/;
const lan = lanAddresses().find((a) => !a.includes(':'));

/** Every address the page offers: links, QR codes' titles, code values and fields. */
async function offered(page: Page, within = 'main'): Promise<string[]> {
  return page.locator(within).evaluate((root) => {
    const out: string[] = [];
    root.querySelectorAll('a[href]').forEach((a) => out.push(a.getAttribute('href')!));
    root.querySelectorAll('svg title').forEach((t) => out.push(t.textContent ?? ''));
    root.querySelectorAll('code, input, select option').forEach((el) => {
      out.push(el instanceof HTMLInputElement ? el.value : (el.textContent ?? ''));
    });
    return out;
  });
}

/** The four documented looks of a long screen, whole (not only the first screenful). */
async function shootWhole(page: Page, name: string): Promise<void> {
  if (!WRITE_SCREENSHOTS) return;
  mkdirSync(OUT, { recursive: true });
  for (const [size, width, height] of [
    ['desktop', 1280, 860],
    ['phone', 375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(0))));
      const suffix = scheme === 'dark' ? '-dark' : '';
      await page.screenshot({ path: `${OUT}${name}-${size}${suffix}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 860 });
}

describe.skipIf(!hasChromium || lan === undefined)('connecting phones and computers', () => {
  let server: E2EServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const admin = basic(ADMIN.login, ADMIN.password);

  beforeAll(async () => {
    server = await startServer({ lan: true });
    browser = await launch();
    context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signIn(page, server.url);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('with sharing off, offers phones no address and says how to turn sharing on', async () => {
    await openScreen(page, 'Connect a device');
    const unreachable = page.getByRole('status').filter({
      hasText: 'Phones cannot reach this calendar yet',
    });
    await unreachable.waitFor();
    expect(await unreachable.textContent()).toContain('Administration → LAN sharing');
    await unreachable.getByRole('link', { name: 'Open LAN sharing' }).waitFor();
    for (const device of ['iPhone or iPad', 'Android']) {
      await page.getByRole('radio', { name: device }).check();
      await page.getByText('These steps need an address the device can reach').waitFor();
      expect(await page.locator('main').textContent()).not.toMatch(LOOPBACK);
      expect((await offered(page)).filter((a) => LOOPBACK.test(a))).toEqual([]);
      expect(await page.locator('main svg').count()).toBe(0);
    }
    // A desktop app on this computer may use this computer's own address, and is told so.
    await page.getByRole('radio', { name: 'Thunderbird' }).check();
    await page.getByText('Only for an app on this computer itself').waitFor();
    await page.getByRole('radio', { name: 'iPhone or iPad' }).check();
    await settled(page);
    await shootWhole(page, 'connect-off');

    await openScreen(page, 'Subscribe');
    await page.getByText('Phones cannot use this address: LAN sharing is off').waitFor();
    await page.getByText('Google Calendar cannot subscribe to this calendar').waitFor();
    await page.getByText('For calendar apps on this computer only.').waitFor();
    expect(await page.locator('main svg').count()).toBe(0);
    await settled(page);
    await shootWhole(page, 'subscribe-off');
  });

  it('with sharing on, shows the LAN address by itself, and a device password gets the profile', async () => {
    await openScreen(page, 'Connect a device');
    await page.getByText('Phones cannot reach this calendar yet').waitFor();
    const on = await call(server.url, SETTINGS, admin, {
      method: 'POST',
      body: { lan_sharing: true },
    });
    expect(on.status).toBe(200);
    const origin = `http://${lan}:${server.port}`;
    // No reload: the screen reads the addresses again until one is reachable.
    await page.getByLabel('Address for the device').waitFor();
    expect(await page.getByLabel('Address for the device').inputValue()).toBe(origin);
    await page.getByText(`${origin}/dav/`).first().waitFor();
    const qr = page.getByRole('img', {
      name: 'QR code that opens the configuration profile on the iPhone or iPad',
    });
    await qr.waitFor();
    await page.getByText(`${origin}/connect/almanac.mobileconfig`).waitFor();
    for (const device of ['iPhone or iPad', 'Android', 'Mac']) {
      await page.getByRole('radio', { name: device }).check();
      expect(await page.locator('main').textContent()).not.toMatch(LOOPBACK);
      expect((await offered(page)).filter((a) => LOOPBACK.test(a))).toEqual([]);
    }
    await page.getByRole('radio', { name: 'iPhone or iPad' }).check();

    await page.getByLabel('Device name').fill('Ana’s iPhone');
    await page.getByRole('button', { name: 'Create a password' }).click();
    const secret = page.getByRole('status').filter({ hasText: 'Password for “Ana’s iPhone”' });
    await secret.waitFor();
    const password = (await secret.locator('.connect__password').textContent())!;
    expect(password.replace(/\s/g, '')).toMatch(/^\w{24}$/);
    await settled(page);
    await shootWhole(page, 'connect-on');

    // What the phone does when it opens the QR code's link: Safari asks, then gets the profile.
    const profile = `${origin}/connect/almanac.mobileconfig`;
    expect((await fetch(profile)).headers.get('www-authenticate')).toMatch(/^Basic /);
    const answer = await fetch(profile, { headers: { authorization: basic('admin', password) } });
    expect(answer.status).toBe(200);
    const xml = await answer.text();
    expect(xml).toMatch(new RegExp(`<key>CalDAVHostName</key>\\s*<string>${lan}</string>`));
    expect(xml).toMatch(/<key>CalDAVPrincipalURL<\/key>\s*<string>\/dav\/<\/string>/);

    await openScreen(page, 'Subscribe');
    const code = page.getByRole('img', { name: /^QR code for webcal:/ });
    await code.waitFor();
    expect((await code.getAttribute('aria-label')) ?? (await code.textContent())).toContain(
      `webcal://${lan}:${server.port}/calendar.ics`,
    );
    expect(await page.getByLabel('Feed address').inputValue()).toBe(`${origin}/calendar.ics`);
    expect((await offered(page)).filter((a) => LOOPBACK.test(a))).toEqual([]);
    await page.getByText('Google Calendar cannot subscribe to this calendar').waitFor();
    await settled(page);
    await shootWhole(page, 'subscribe-on');
  });
});
