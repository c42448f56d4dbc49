/** The calendar feed's address for a scope (docs/api/feeds.md): http(s) and webcal forms. */
export type FeedScope = 'all' | 'categories' | 'tags' | 'venue' | 'organizer';

export interface FeedChoice {
  scope: FeedScope;
  /** The slug (or id) of the category, tag, venue or organizer. */
  value: string;
  privateFeed: boolean;
}

export function feedAddress(origin: string, choice: FeedChoice): { http: string; webcal: string } {
  const query = new URLSearchParams();
  if (choice.scope !== 'all' && choice.value !== '') query.set(choice.scope, choice.value);
  if (choice.privateFeed) query.set('status', 'any');
  const search = query.toString();
  const http = `${origin.replace(/\/+$/, '')}/calendar.ics${search === '' ? '' : `?${search}`}`;
  return { http, webcal: http.replace(/^https?:/, 'webcal:') };
}
