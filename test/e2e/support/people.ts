/** Users and sign-in for end-to-end tests that need someone other than the administrator. */
import type { Browser, Page } from 'playwright-core';
import { basic, call } from './api.js';
import { ADMIN } from './server.js';

export const adminAuth = basic(ADMIN.login, ADMIN.password);

/** Creates a user with the role through the API. */
export async function createUser(baseUrl: string, login: string, role: string): Promise<void> {
  const res = await call(baseUrl, '/api/calendar/admin/v1/users', adminAuth, {
    method: 'POST',
    body: { login, password: `${login}-password-1`, role },
  });
  if (res.status !== 201) throw new Error(`user ${login}: ${res.status}`);
}

/** A new page signed in through the console's form as `login`. */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  login: string,
  width = 1280,
  height = 860,
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, colorScheme: 'light' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(`${baseUrl}/console/`);
  await page.getByLabel('Login').fill(login);
  await page
    .getByLabel('Password', { exact: true })
    .fill(login === ADMIN.login ? ADMIN.password : `${login}-password-1`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
  return page;
}
