/**
 * Hardening of every web contents and of the session (docs/architecture.md, convention 8): no new
 * windows (external http(s) links go to the system browser), no navigation away from the console,
 * no `<webview>`, no permissions. The verdicts come from the pure guards of trusted-url.ts.
 */
import type { Session, WebContents } from 'electron';
import { isExternalHttpUrl, judgeNavigation } from './trusted-url.js';

export type OpenExternal = (url: string) => void;

export function guardWebContents(
  contents: WebContents,
  origin: () => string | undefined,
  openExternal: OpenExternal,
): void {
  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalHttpUrl(url)) openExternal(url);
    return { action: 'deny' };
  });

  const guard = (event: { url: string; preventDefault(): void }) => {
    const appOrigin = origin();
    const verdict = appOrigin === undefined ? 'deny' : judgeNavigation(event.url, appOrigin);
    if (verdict === 'allow') return;
    event.preventDefault();
    if (verdict === 'external') openExternal(event.url);
  };
  // will-frame-navigate covers the main frame and every subframe; will-redirect the server's
  // own redirects (a redirect to elsewhere is refused like a link to elsewhere).
  contents.on('will-frame-navigate', guard);
  contents.on('will-redirect', guard);
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** Refuses every permission a page may ask for (camera, notifications, geolocation, …). */
export function denyPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}
