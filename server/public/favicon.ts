/**
 * The site's icon: the public pages name `/favicon.svg`, and browsers that ask for
 * `/favicon.ico` by habit get the same picture instead of a 404. A small calendar page drawn
 * in SVG, readable on light and dark tabs alike.
 */
import { Router } from 'express';

export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<rect x="2" y="4" width="28" height="26" rx="5" fill="#2457c5"/>
<rect x="5" y="11" width="22" height="16" rx="2" fill="#fff"/>
<rect x="9" y="1.5" width="3" height="6" rx="1.5" fill="#1d2330"/>
<rect x="20" y="1.5" width="3" height="6" rx="1.5" fill="#1d2330"/>
<g fill="#2457c5"><rect x="8" y="14" width="4" height="4"/><rect x="14" y="14" width="4" height="4"/><rect x="20" y="14" width="4" height="4"/><rect x="8" y="20" width="4" height="4"/><rect x="14" y="20" width="4" height="4"/></g>
</svg>
`;

export function faviconRoutes(): Router {
  const router = Router();
  router.get(['/favicon.svg', '/favicon.ico'], (_req, res) => {
    res.set('Cache-Control', 'public, max-age=86400');
    res.set('X-Content-Type-Options', 'nosniff');
    res.type('image/svg+xml').send(FAVICON_SVG);
  });
  return router;
}
