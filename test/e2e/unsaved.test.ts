/**
 * Leaving an editor with unsaved changes asks first, in Chromium: a menu link, the Back button
 * and a reload; staying keeps what was typed, and a saved editor leaves without a question.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Dialog } from 'playwright-core';
import { hasChromium, launch } from './support/browser.js';
import { ADMIN, startServer, type E2EServer } from './support/server.js';
import { openScreen, signIn } from './support/session.js';

const auth = `Basic ${Buffer.from(`${ADMIN.login}:${ADMIN.password}`).toString('base64')}`;

describe.skipIf(!hasChromium)('unsaved changes', () => {
  let server: E2EServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('are never lost without a question', async () => {
    const res = await fetch(`${server.url}/api/calendar/events/v1/events`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Choir rehearsal',
        start_date: '2026-12-08 19:00:00',
        end_date: '2026-12-08 21:00:00',
      }),
    });
    const { id } = (await res.json()) as { id: number };
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signIn(page, server.url);
    await openScreen(page, 'Events');
    await page.goto(`${server.url}/console/events/${id}`);
    await page.getByRole('heading', { name: 'Choir rehearsal', level: 1 }).waitFor();
    const title = page.getByLabel('Title *');
    await title.fill('Choir rehearsal (changed)');

    const questions: string[] = [];
    let answer: 'stay' | 'leave' = 'stay';
    page.on('dialog', (dialog: Dialog) => {
      questions.push(dialog.type());
      void (answer === 'stay' ? dialog.dismiss() : dialog.accept());
    });

    // A menu link: asked, stays, keeps the typing.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Venues' })
      .click();
    await expect.poll(() => questions.length).toBe(1);
    expect(page.url()).toBe(`${server.url}/console/events/${id}`);
    expect(await title.inputValue()).toBe('Choir rehearsal (changed)');

    // Back: asked, stays.
    await page.evaluate(() => window.history.back());
    await expect.poll(() => questions.length).toBe(2);
    await expect.poll(() => page.url()).toBe(`${server.url}/console/events/${id}`);
    expect(await title.inputValue()).toBe('Choir rehearsal (changed)');

    // A reload asks too (the browser's own question).
    void page.reload().catch(() => undefined);
    await expect.poll(() => questions.length).toBe(3);
    expect(questions[2]).toBe('beforeunload');
    expect(await title.inputValue()).toBe('Choir rehearsal (changed)');

    // Saved: leaving asks nothing.
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved “Choir rehearsal (changed)”.').waitFor();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Venues' })
      .click();
    await page.getByRole('heading', { name: 'Venues', level: 1 }).waitFor();
    expect(questions).toHaveLength(3);

    // Leaving when the answer is "leave" goes ahead.
    await page.goto(`${server.url}/console/events/${id}`);
    await title.fill('Never saved');
    answer = 'leave';
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Venues' })
      .click();
    await page.getByRole('heading', { name: 'Venues', level: 1 }).waitFor();
    expect(questions).toHaveLength(4);
    await context.close();
  });
});
