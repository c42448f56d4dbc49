/**
 * `GET /connect/almanac.mobileconfig`: the caller's own Apple configuration profile (profile.ts).
 * Signed-in callers only (Basic with the login and an application password, or the console's
 * Bearer session); an anonymous request is answered 401 with `WWW-Authenticate: Basic`, so a
 * phone's Safari opening the link asks for the login and password itself.
 *
 * The profile names the address the device will use: `?origin=` (one of the addresses other
 * devices can reach, GET /connect), else the address the request came to. So the console never
 * gets a profile naming 127.0.0.1 for a phone, while a Mac's own browser on this computer can.
 */
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { clientKey, requestOrigin } from '../../http/dispatch.js';
import { invalidParams } from '../../http/errors.js';
import { parseArgs } from '../../http/validate.js';
import { queryParams } from '../../http/wp-request.js';
import { CALDAV_PATH } from '../../lan-announce.js';
import type { Services } from '../../services.js';
import { caldavProfile } from './profile.js';
import { PROFILE_PATH, reachOf } from './routes.js';

const CHALLENGE = 'Basic realm="Almanac", charset="UTF-8"';
const args = z.object({ origin: z.string().max(300).optional() });

export function profileRoute(services: Services): Router {
  const router = Router();
  router.get(PROFILE_PATH, async (req: Request, res: Response) => {
    let actor;
    try {
      actor = await services.auth.authenticate(req.get('authorization'), clientKey(req));
    } catch (error) {
      res.set('WWW-Authenticate', CHALLENGE);
      throw error;
    }
    if (actor === null) {
      res.set('WWW-Authenticate', CHALLENGE);
      res.status(401).json({
        code: 'rest_not_logged_in',
        message: 'Sign in with your login and an application password to get this profile.',
        data: { status: 401 },
      });
      return;
    }
    const { origin } = parseArgs(args, queryParams(req.query));
    const own = requestOrigin(req, services);
    const reachable = reachOf({ services }).origins;
    if (origin !== undefined && origin !== own && !reachable.includes(origin)) {
      throw invalidParams({
        origin: `Not an address of this server that other devices can reach: ${reachable.join(', ') || 'none while LAN sharing is off'}.`,
      });
    }
    const profile = caldavProfile({
      origin: origin ?? own,
      login: (await services.users.get(actor.id)).login,
      path: CALDAV_PATH,
      siteName: 'Almanac',
    });
    res.set('Cache-Control', 'private, no-store');
    res.set('Content-Disposition', 'attachment; filename="almanac.mobileconfig"');
    res.set('X-Content-Type-Options', 'nosniff');
    res.status(200).type('application/x-apple-aspen-config').send(profile);
  });
  return router;
}
