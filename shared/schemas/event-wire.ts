/** The event object the API returns (compat-notes §1.1, §1.2), for the server and the console. */

/** `*_date_details`: the parts of a `YYYY-MM-DD HH:MM:SS` string, zero-padded (compat-notes §1.2). */
export interface DateDetailsWire {
  year: string;
  month: string;
  day: string;
  hour: string;
  minutes: string;
  seconds: string;
}

export interface CostDetailsWire {
  currency_symbol: string;
  currency_code: string;
  currency_position: string;
  values: string[];
}

/**
 * An event as the API shows it, keys in the reference's order (compat-notes §1.1). Linked
 * objects are typed by their own schemas; `json_ld` is present on single reads only.
 */
export interface EventWire<Image = unknown, Venue = unknown, Organizer = unknown, Term = unknown> {
  id: number;
  global_id: string;
  global_id_lineage: string[];
  author: string;
  status: string;
  date: string;
  date_utc: string;
  modified: string;
  modified_utc: string;
  url: string;
  rest_url: string;
  title: string;
  description: string;
  excerpt: string;
  slug: string;
  image: Image | false;
  all_day: boolean;
  start_date: string;
  start_date_details: DateDetailsWire;
  end_date: string;
  end_date_details: DateDetailsWire;
  utc_start_date: string;
  utc_start_date_details: DateDetailsWire;
  utc_end_date: string;
  utc_end_date_details: DateDetailsWire;
  timezone: string;
  timezone_abbr: string;
  cost: string;
  cost_details: CostDetailsWire;
  website: string;
  show_map: boolean;
  show_map_link: boolean;
  hide_from_listings: boolean;
  sticky: boolean;
  featured: boolean;
  categories: Term[];
  tags: Term[];
  venue: Venue | [];
  organizer: Organizer[];
  custom_fields: [];
  json_ld?: Record<string, unknown>;
}
