/** The fixed words of the public pages, in English; the site language's catalogue translates them. */
export const LABELS = {
  venue: 'Venue',
  organizers: 'Organizers',
  categories: 'Categories',
  tags: 'Tags',
  cost: 'Cost',
  website: 'Website',
  phone: 'Phone',
  email: 'E-mail',
  upcoming: 'Upcoming events',
  noUpcoming: 'No upcoming events.',
  category: 'Event category',
  tag: 'Event tag',
  previous: 'Previous page',
  next: 'Next page',
  notFound: 'Not found',
  notFoundText: 'This page does not exist or is not published.',
  api: 'This page in the REST API',
  openConsole: 'Open the console',
} as const;

export type LabelKey = keyof typeof LABELS;
