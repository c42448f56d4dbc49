/**
 * The headers of an archive page. The reference's `X-TEC-Total`/`X-TEC-TotalPages`
 * (docs/contract/compat-notes.md §2.1), and WordPress's `X-WP-Total`/`X-WP-TotalPages` and
 * `Link` with `rel="prev"`/`rel="next"`, which WordPress clients page with (node-wpapi's
 * `_paging`, api-fetch): the same links as the body's `previous_rest_url` and `next_rest_url`.
 */
export interface ArchivePage {
  total: number;
  totalPages: number;
  next?: string | undefined;
  previous?: string | undefined;
}

export function archiveHeaders(page: ArchivePage): Record<string, string> {
  const headers: Record<string, string> = {
    'X-TEC-Total': String(page.total),
    'X-TEC-TotalPages': String(page.totalPages),
    'X-WP-Total': String(page.total),
    'X-WP-TotalPages': String(page.totalPages),
  };
  const links = [
    ...(page.previous ? [`<${page.previous}>; rel="prev"`] : []),
    ...(page.next ? [`<${page.next}>; rel="next"`] : []),
  ];
  if (links.length > 0) headers.Link = links.join(', ');
  return headers;
}

/** The links and totals of an archive body (docs/contract/compat-notes.md §2). */
export interface ArchiveBody {
  rest_url: string;
  next_rest_url?: string | undefined;
  previous_rest_url?: string | undefined;
  total: number;
  total_pages: number;
}

/** An archive page as the API answers it: the body, and headers that repeat its totals and links. */
export function archiveAnswer(body: ArchiveBody): {
  body: ArchiveBody;
  headers: Record<string, string>;
} {
  return {
    body,
    headers: archiveHeaders({
      total: body.total,
      totalPages: body.total_pages,
      next: body.next_rest_url,
      previous: body.previous_rest_url,
    }),
  };
}
