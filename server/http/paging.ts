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
