/**
 * CalDAV over HTTP (docs/contract/extensions.md §E6, docs/caldav.md): `/.well-known/caldav`
 * redirects to `/dav/` (RFC 6764), and every method under `/dav/` (and PROPFIND on the origin,
 * which iOS tries first) goes through one handler: authenticate with the API's Basic credentials
 * and throttle, find the resource, run the method. Errors become WebDAV answers here (a status
 * and, for RFC 4791/6578 preconditions, a `DAV:error` body); a 500 is left to the app's handler.
 */
import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import type { Element } from '@xmldom/xmldom';
import type { Actor } from '../../../shared/roles.js';
import { DomainError, NotFound } from '../../errors.js';
import { clientKey, locateRestPath } from '../../http/dispatch.js';
import { STATUS_OF_KIND } from '../../http/errors.js';
import { pageLinks } from '../../public/discovery.js';
import type { Services } from '../../services.js';
import type { CalendarObject } from './objects.js';
import {
  calendarPath,
  DAV,
  homePath,
  objectPath,
  principalPath,
  resourceOf,
  type Resource,
} from './paths.js';
import {
  ALLPROP,
  CALDAV_BODY_BYTES,
  collectionValue,
  OBJECT_TYPE,
  objectValue,
  type PropContext,
} from './props.js';
import { runReport } from './reports.js';
import {
  cal,
  child,
  children,
  dav,
  documentOf,
  escapeXml,
  is,
  multistatus,
  NS,
  parseXml,
  propResponse,
  qname,
  tag,
  type QName,
} from './xml.js';

const ALLOW = 'OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, REPORT';

/** RFC 4791/6578 preconditions by error code: [status, the element inside DAV:error]. */
const PRECONDITIONS: Record<string, [number, string]> = {
  caldav_valid_calendar_data: [403, cal('valid-calendar-data')],
  caldav_supported_calendar_component: [403, cal('supported-calendar-component')],
  caldav_no_uid_conflict: [403, cal('no-uid-conflict')],
  caldav_valid_sync_token: [403, dav('valid-sync-token')],
  sync_token_expired: [403, dav('valid-sync-token')],
  caldav_supported_report: [403, dav('supported-report')],
  caldav_sync_level: [403, dav('supported-report')],
  caldav_finite_depth: [403, dav('propfind-finite-depth')],
};

class DavFailure extends DomainError {
  readonly kind = 'refused';
}

const challenge = (res: Response) =>
  res.set('WWW-Authenticate', 'Basic realm="Almanac", charset="UTF-8"');

function sendError(res: Response, error: DomainError): void {
  const precondition = PRECONDITIONS[error.code];
  if (error.code === 'caldav_precondition_failed' || error.code === 'caldav_not_an_object') {
    if (error.code === 'caldav_not_an_object') res.set('Allow', 'OPTIONS, PROPFIND, REPORT');
    res
      .status(error.code === 'caldav_not_an_object' ? 405 : 412)
      .type('text/plain')
      .send(error.message);
    return;
  }
  if (precondition) {
    res
      .status(precondition[0])
      .type('application/xml; charset=utf-8')
      .send(documentOf('d:error', precondition[1]));
    return;
  }
  const status = STATUS_OF_KIND[error.kind];
  if (status === 401) challenge(res);
  res.status(status).type('text/plain').send(error.message);
}

/** `Depth` of PROPFIND and REPORT: 0 or 1; infinity is refused (RFC 4918 §9.1). */
function depthOf(req: Request): 0 | 1 {
  const value = (req.get('depth') ?? '0').trim().toLowerCase();
  if (value === '0') return 0;
  if (value === '1') return 1;
  throw new DavFailure('caldav_finite_depth', 'Depth: infinity is not supported.');
}

/** The well-known address, as Express matched it: any case, with or without a final slash. */
const WELL_KNOWN = /^\/\.well-known\/caldav\/?$/i;

export function caldavRoutes(services: Services): RequestHandler {
  const { caldav } = services;
  const body = express.text({ type: () => true, limit: CALDAV_BODY_BYTES });

  async function contextOf(actor: Actor): Promise<PropContext> {
    const user = await services.users.find(actor.id);
    return {
      actor,
      displayName: user ? user.display_name || user.login : String(actor.id),
      email: user?.email ?? '',
      token: await caldav.token(),
    };
  }

  /** The properties a PROPFIND asks for; undefined for allprop (and an empty body). */
  function askedProps(root: Element | undefined): { props: QName[]; names: boolean } {
    if (!root) return { props: ALLPROP, names: false };
    if (!is(root, NS.dav, 'propfind')) throw new DavFailure('caldav_bad_xml', 'Expected propfind.');
    const prop = child(root, NS.dav, 'prop');
    if (prop) return { props: children(prop).map(qname), names: false };
    if (child(root, NS.dav, 'propname')) return { props: ALLPROP, names: true };
    return { props: ALLPROP, names: false };
  }

  async function propfind(
    req: Request,
    res: Response,
    resource: Resource,
    actor: Actor,
  ): Promise<void> {
    const depth = depthOf(req);
    const { props, names } = askedProps(parseXml(typeof req.body === 'string' ? req.body : ''));
    const ctx = await contextOf(actor);
    const links = pageLinks(req, services);
    const value = (fn: (q: QName) => string | undefined) => (q: QName) =>
      [q, names ? (fn(q) === undefined ? undefined : '') : fn(q)] as [QName, string | undefined];
    const collection = (path: string, r: Resource) =>
      propResponse(path, props.map(value((q) => collectionValue(q, r, ctx))));
    const object = (o: CalendarObject) =>
      propResponse(objectPath(actor.id, o.name), props.map(value((q) => objectValue(q, o, ctx))));
    const responses: string[] = [];
    const user = actor.id;
    switch (resource.kind) {
      case 'root':
        responses.push(collection(req.path === '/' ? '/' : DAV, resource));
        break;
      case 'principals':
        responses.push(collection(`${DAV}principals/`, resource));
        if (depth === 1) {
          responses.push(collection(principalPath(user), { kind: 'principal', user }));
        }
        break;
      case 'principal':
        responses.push(collection(principalPath(user), resource));
        break;
      case 'home':
        responses.push(collection(homePath(user), resource));
        if (depth === 1) {
          responses.push(collection(calendarPath(user), { kind: 'calendar', user }));
        }
        break;
      case 'calendar':
        responses.push(collection(calendarPath(user), resource));
        if (depth === 1) responses.push(...(await caldav.all(actor, links)).map(object));
        break;
      case 'object': {
        const found = await caldav.byName(resource.name, actor, links);
        if (!found) throw new NotFound('caldav_not_found', 'No object has this name.');
        responses.push(object(found));
        break;
      }
    }
    res.status(207).type('application/xml; charset=utf-8').send(multistatus(responses));
  }

  function proppatch(req: Request, res: Response): void {
    // Nothing here is writable; each property asked for is refused (RFC 4918 §9.2).
    const root = parseXml(typeof req.body === 'string' ? req.body : '');
    const names: QName[] = [];
    for (const action of root ? children(root) : []) {
      const prop = child(action, NS.dav, 'prop');
      if (prop) names.push(...children(prop).map(qname));
    }
    const path = req.path;
    const body = dav(
      'response',
      dav('href', escapeXml(path)) +
        dav(
          'propstat',
          dav('prop', names.map((q) => tag(q)).join('')) + dav('status', 'HTTP/1.1 403 Forbidden'),
        ),
    );
    res
      .status(207)
      .type('application/xml; charset=utf-8')
      .send(multistatus([body]));
  }

  function objectName(resource: Resource): string {
    if (resource.kind !== 'object') {
      throw new DavFailure('caldav_not_an_object', 'Only calendar objects can be read or written.');
    }
    return resource.name;
  }

  async function handle(req: Request, res: Response, resource: Resource): Promise<void> {
    res.set('DAV', '1, 3, calendar-access');
    if (req.method === 'OPTIONS') {
      res.set('Allow', ALLOW).status(200).end();
      return;
    }
    const controller = new AbortController();
    res.on('close', () => controller.abort());
    const actor = await services.auth.authenticate(
      req.get('authorization'),
      clientKey(req),
      controller.signal,
    );
    if (actor === null) {
      challenge(res).status(401).type('text/plain').send('Sign in to use the calendar.');
      return;
    }
    if ('user' in resource && resource.user !== actor.id) {
      res.status(403).type('text/plain').send('This belongs to another user.');
      return;
    }
    const links = pageLinks(req, services);
    const conditions = {
      ifMatch: req.get('if-match'),
      ifNoneMatch: req.get('if-none-match'),
    };
    switch (req.method) {
      case 'PROPFIND':
        return propfind(req, res, resource, actor);
      case 'PROPPATCH':
        return proppatch(req, res);
      case 'REPORT': {
        if (resource.kind !== 'calendar') {
          throw new DavFailure('caldav_supported_report', 'Reports run on the calendar.');
        }
        depthOf(req);
        const root = parseXml(typeof req.body === 'string' ? req.body : '');
        if (!root) throw new DavFailure('caldav_bad_xml', 'A REPORT needs a body.');
        const answer = await runReport(
          root,
          caldav,
          actor.id,
          calendarPath(actor.id),
          actor,
          links,
          await contextOf(actor),
        );
        res.status(answer.status).type(answer.type).send(answer.body);
        return;
      }
      case 'GET':
      case 'HEAD': {
        const found = await caldav.byName(objectName(resource), actor, links);
        if (!found) throw new NotFound('caldav_not_found', 'No object has this name.');
        res.set('ETag', found.etag).type(OBJECT_TYPE);
        if (req.get('if-none-match') !== undefined && req.get('if-none-match') === found.etag) {
          res.status(304).end();
          return;
        }
        res.status(200).send(req.method === 'HEAD' ? undefined : found.text);
        return;
      }
      case 'PUT': {
        const text = typeof req.body === 'string' ? req.body : '';
        const { created, object } = await caldav.put(
          objectName(resource),
          text,
          conditions,
          actor,
          links,
        );
        res
          .set('ETag', object.etag)
          .status(created ? 201 : 204)
          .end();
        return;
      }
      case 'DELETE':
        await caldav.remove(objectName(resource), conditions, actor, links);
        res.status(204).end();
        return;
      default:
        res.set('Allow', ALLOW).status(405).type('text/plain').send('Method not allowed here.');
    }
  }

  async function dispatch(req: Request, res: Response, next: NextFunction): Promise<void> {
    const resource = req.path === '/' ? ({ kind: 'root' } as const) : resourceOf(req.path);
    if (!resource) {
      res.set('DAV', '1, 3, calendar-access').status(404).type('text/plain').send('Not found.');
      return;
    }
    try {
      await handle(req, res, resource);
    } catch (error) {
      if (error instanceof DomainError) sendError(res, error);
      else next(error);
    }
  }

  // A plain handler rather than a Router: a Router that lets a request through hands it on only
  // after a setImmediate, so every REST request behind it would be answered a turn later (and a
  // pipelined request after the garbage its connection sends next).
  return (req, res, next) => {
    // RFC 6764 §5: the well-known address redirects to the context path, whatever the method.
    if (WELL_KNOWN.test(req.path)) return res.redirect(301, DAV);
    // iOS and macOS ask the origin first; `/?rest_route=` is the REST API's, whatever the method.
    const dav =
      req.path === '/dav' ||
      req.path.startsWith(DAV) ||
      (req.path === '/' && req.method === 'PROPFIND' && locateRestPath(req) === undefined);
    if (!dav) return next();
    body(req, res, (error?: unknown) => {
      if (error) {
        const tooLarge =
          error instanceof Error && 'type' in error && error.type === 'entity.too.large';
        res
          .status(tooLarge ? 413 : 400)
          .type('text/plain')
          .send(tooLarge ? 'The body is too large.' : 'The body cannot be read.');
        return;
      }
      void dispatch(req, res, next);
    });
  };
}
