import type { Page } from 'playwright-core';
import { ADMIN } from './server.js';

/** Signs in through the console's form and waits for the calendar. */
export async function signIn(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  // The home page sends browsers on to the console.
  await page.waitForURL(`${baseUrl}/console/`);
  await page.getByLabel('Login').fill(ADMIN.login);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
}

/** Navigates with the console's own menu, as a user would. */
export async function openScreen(page: Page, name: string, heading = name): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name, exact: true })
    .click();
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

/**
 * Waits until the page has loaded and the console has no request of its own under way. Not
 * Playwright's "networkidle": the console keeps its live-update stream open for as long as it
 * is signed in, so the network is never idle.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForFunction(() => document.querySelector('.progress--active') === null);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
}
