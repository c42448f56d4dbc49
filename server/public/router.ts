/**
 * Public read-only pages (docs/contract/decisions.md, URLs): the `url` of every event, venue,
 * organizer and term is a real page with the reference's discovery headers
 * (docs/contract/compat-notes.md §8.2). Only published content is shown; anything else is the same
 * 404 page as an unknown slug.
 */
import { Router, type Request, type Response } from 'express';
import { siteLocale } from '../../shared/i18n/locale.js';
import { translator } from '../../shared/i18n/index.js';
import type { Links } from '../http/links.js';
import type { Services } from '../services.js';
import { publishedEvent, publishedOrganizer, publishedVenue, termBySlug } from './published.js';
import { apiRoot, discoveryTags, pageLinks, sendDiscovery } from './discovery.js';
import { page, PAGE_CSP } from './html.js';
import { calendarHtml } from './calendar-page.js';
import { LABELS } from './labels.js';
import { publicCategories } from './categories.js';
import {
  eventPage,
  homePage,
  notFoundPage,
  organizerPage,
  calendarPage,
  venuePage,
  type PageContext,
  type Rendered,
} from './pages.js';

const CONSOLE_PATH = '/console/';
const EVENTS_PATH = '/events/';

export function publicPages(services: Services): Router {
  const router = Router();

  /** The logo's image, when the setting names a media item that still exists. */
  async function logo(links: Links) {
    const id = services.settings.get().site_logo;
    return id > 0 ? (await services.media.images([id], links)).get(id) : undefined;
  }

  async function send(
    res: Response,
    links: Links,
    root: string,
    rendered: Rendered,
    status = 200,
  ): Promise<void> {
    const settings = services.settings.get();
    const image = await logo(links);
    sendDiscovery(res, links, root);
    res.set('Content-Security-Policy', PAGE_CSP);
    res.set('X-Content-Type-Options', 'nosniff');
    res.set('Referrer-Policy', 'no-referrer');
    res.set('Cache-Control', 'no-cache');
    res
      .status(status)
      .type('html')
      .send(
        page({
          lang: settings.language,
          title: rendered.title,
          head: `${discoveryTags(links, root)}\n${rendered.head}`,
          body: rendered.body,
          siteName: settings.site_name,
          logo: image,
          home: `${links.origin}/`,
        }),
      );
  }

  function context(links: Links, root: string): PageContext {
    const { language, timezone } = services.settings.get();
    return { t: translator(language), locale: siteLocale(language, timezone), apiUrl: root };
  }

  function notFound(req: Request, res: Response, links: Links) {
    const root = apiRoot(links);
    return send(res, links, root, notFoundPage(context(links, root)), 404);
  }

  // The home page sends browsers on to the console; both tell clients where the API is. The
  // console's pages (not its hashed assets) say it too.
  router.get('/', async (req, res) => {
    const links = pageLinks(req, services);
    const root = apiRoot(links);
    await send(
      res,
      links,
      root,
      homePage(services.settings.get().site_name, CONSOLE_PATH, context(links, root)),
    );
  });
  router.get(['/console', /^\/console\/(?!assets\/)/], (req, res, next) => {
    sendDiscovery(res, pageLinks(req, services));
    next();
  });

  router.get('/event/:slug', async (req, res) => {
    const links = pageLinks(req, services);
    const event = await publishedEvent(services, req.params.slug, links);
    if (!event) return notFound(req, res, links);
    const root = links.rest(`events/${event.id}`);
    const categories = event.categories.length > 0 ? await publicCategories(services) : [];
    await send(res, links, root, eventPage(event, context(links, root), categories));
  });

  router.get(['/events', '/events/'], async (req, res) => {
    const links = pageLinks(req, services);
    const root = links.rest('events/');
    const c = context(links, root);
    const calendar = await calendarHtml(req, services, links, {}, c, {
      base: EVENTS_PATH,
      current: undefined,
    });
    const rendered = calendarPage({ title: c.t(LABELS.events) }, calendar.html, c);
    await send(res, links, root, { ...rendered, head: calendar.jsonLd });
  });

  /** A venue's or an organizer's page, with the calendar of its events. */
  function linkedRoute<W extends { id: number }>(
    path: string,
    filter: 'venue' | 'organizer',
    find: (services: Services, slug: string, links: Links) => Promise<W | undefined>,
    render: (item: W, calendar: string, c: PageContext) => Rendered,
  ) {
    router.get(path, async (req: Request<{ slug: string }>, res) => {
      const links = pageLinks(req, services);
      const item = await find(services, req.params.slug, links);
      if (!item) return notFound(req, res, links);
      const root = apiRoot(links);
      const c = context(links, root);
      const calendar = await calendarHtml(req, services, links, { [filter]: String(item.id) }, c);
      const rendered = render(item, calendar.html, c);
      await send(res, links, root, { ...rendered, head: rendered.head + calendar.jsonLd });
    });
  }
  linkedRoute('/venue/:slug', 'venue', publishedVenue, venuePage);
  linkedRoute('/organizer/:slug', 'organizer', publishedOrganizer, organizerPage);

  for (const [path, taxonomy, filter] of [
    ['/events/category/:slug', 'category', 'categories'],
    ['/tag/:slug', 'tag', 'tags'],
  ] as const) {
    router.get(path, async (req, res) => {
      const links = pageLinks(req, services);
      const term = await termBySlug(services, taxonomy, req.params.slug);
      if (!term) return notFound(req, res, links);
      const root = links.rest('events/', [[filter, term.slug]]);
      const c = context(links, root);
      // A category's calendar offers the others; a tag's is a calendar of its own.
      const categoryFilter =
        taxonomy === 'category' ? { base: EVENTS_PATH, current: term.slug } : undefined;
      const calendar = await calendarHtml(
        req,
        services,
        links,
        { [filter]: term.slug },
        c,
        categoryFilter,
      );
      const kind = c.t(LABELS[taxonomy === 'category' ? 'category' : 'tag']);
      const rendered = calendarPage(
        { title: term.name, kind, description: term.description },
        calendar.html,
        c,
      );
      await send(res, links, root, { ...rendered, head: calendar.jsonLd });
    });
  }

  return router;
}
