/**
 * `rest_url`, `next_rest_url` and `previous_rest_url` of the term archives. Unlike the reference,
 * they keep every parameter in effect (docs/contract/decisions.md 3), so following `next_rest_url` walks the
 * same result set exactly once.
 */
import type { RequestContext } from '../../http/context.js';
import type { QueryValue } from '../../http/links.js';
import type { Taxonomy, TermListArgs } from '../../../shared/schemas/term.js';
import { COLLECTION } from './present.js';
import type { TermPage } from './service.js';

export interface ArchiveLinks {
  rest_url: string;
  next_rest_url?: string;
  previous_rest_url?: string;
}

const csv = (list: readonly (string | number)[] | undefined) =>
  list && list.length > 0 ? list.join(',') : undefined;

function filters(
  taxonomy: Taxonomy,
  args: TermListArgs,
  page: TermPage,
  ctx: RequestContext,
): Array<[string, QueryValue]> {
  const rawHideEmpty = ctx.raw.hide_empty;
  const eventParam = args.event !== undefined ? 'event' : 'post';
  return [
    ['per_page', ctx.sent.has('per_page') ? page.perPage : undefined],
    ['search', args.search],
    ['exclude', csv(args.exclude)],
    ['include', csv(args.include)],
    ['order', args.order],
    ['orderby', args.orderby],
    [
      'hide_empty',
      !ctx.sent.has('hide_empty')
        ? undefined
        : typeof rawHideEmpty === 'string'
          ? rawHideEmpty.trim()
          : args.hide_empty
            ? '1'
            : '0',
    ],
    ['parent', taxonomy === 'category' ? args.parent : undefined],
    [eventParam, args.event ?? args.post],
    ['slug', csv(args.slug)],
  ];
}

export function archiveLinks(
  taxonomy: Taxonomy,
  args: TermListArgs,
  page: TermPage,
  ctx: RequestContext,
): ArchiveLinks {
  const rest = filters(taxonomy, args, page, ctx);
  const at = (n: number) =>
    ctx.links.rest(`${COLLECTION[taxonomy]}/`, [['page', n > 1 ? n : undefined], ...rest]);
  const out: ArchiveLinks = { rest_url: at(page.page) };
  if (page.page < page.totalPages) out.next_rest_url = at(page.page + 1);
  if (page.page > 1) out.previous_rest_url = at(Math.min(page.page - 1, page.totalPages));
  return out;
}
