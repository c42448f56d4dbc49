/** Wire shapes of the calendar API as the console reads them (compat-notes §1, §2). */
import type { PostStatus, Role } from '../../../shared/roles';

export type Status = PostStatus;

export interface DateDetails {
  year: string;
  month: string;
  day: string;
  hour: string;
  minutes: string;
  seconds: string;
}

export interface ImageWire {
  id?: number;
  url: string;
  extension?: string;
  width?: number;
  height?: number;
}

export interface TermWire {
  id: number;
  name: string;
  slug: string;
  description: string;
  count?: number;
  parent?: number;
  taxonomy?: string;
  url?: string;
}

export interface VenueWire {
  id: number;
  author?: string;
  status: Status;
  date?: string;
  modified?: string;
  url?: string;
  venue: string;
  description?: string;
  excerpt?: string;
  slug?: string;
  image?: ImageWire | false;
  address?: string;
  city?: string;
  country?: string;
  province?: string;
  state?: string;
  zip?: string;
  phone?: string;
  website?: string;
  stateprovince?: string;
  show_map?: boolean;
  show_map_link?: boolean;
}

export interface OrganizerWire {
  id: number;
  author?: string;
  status: Status;
  date?: string;
  modified?: string;
  url?: string;
  organizer: string;
  description?: string;
  excerpt?: string;
  slug?: string;
  image?: ImageWire | false;
  phone?: string;
  website?: string;
  email?: string;
}

export interface EventWire {
  id: number;
  author: string;
  status: Status;
  date: string;
  date_utc: string;
  modified: string;
  url: string;
  rest_url: string;
  title: string;
  description: string;
  excerpt: string;
  slug: string;
  image: ImageWire | false;
  all_day: boolean;
  start_date: string;
  end_date: string;
  utc_start_date: string;
  utc_end_date: string;
  timezone: string;
  timezone_abbr: string;
  cost: string;
  cost_details?: { values: Array<string | number> };
  website: string;
  show_map: boolean;
  show_map_link: boolean;
  hide_from_listings: boolean;
  sticky: boolean;
  featured: boolean;
  categories: TermWire[];
  tags: TermWire[];
  venue: VenueWire | [];
  organizer: OrganizerWire[];
}

export interface Archive {
  rest_url: string;
  next_rest_url?: string;
  previous_rest_url?: string;
  total: number;
  total_pages: number;
}

export type EventArchive = Archive & { events: EventWire[] };
export type VenueArchive = Archive & { venues: VenueWire[] };
export type OrganizerArchive = Archive & { organizers: OrganizerWire[] };
export type CategoryArchive = Archive & { categories: TermWire[] };
export type TagArchive = Archive & { tags: TermWire[] };

export interface User {
  id: number;
  login: string;
  email: string;
  display_name: string;
  role: Role;
  registered_utc: string;
  modified_utc: string;
}

export interface Session {
  token: string;
  expires_utc: string;
  user: User;
}

export interface AppPassword {
  uuid: string;
  name: string;
  created_utc: string;
  last_used_utc: string | null;
  password?: string;
}

export interface SettingsWire {
  timezone: string;
  per_page: number;
  currency_symbol: string;
  currency_code: string;
  currency_position: 'prefix' | 'postfix';
  language: 'en' | 'fr';
  public_url: string;
  lan_sharing: boolean;
  cors_origins: string[];
  overridden?: string[];
}

export interface MediaWire {
  id: number;
  url: string;
}

export interface TrashItem {
  id: number;
  kind?: string;
  type?: string;
  title?: string;
  name?: string;
  trashed_utc?: string;
  modified_utc?: string;
}
