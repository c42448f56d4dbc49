/**
 * The media aggregate: the rows of uploaded images and of external image URLs. Uploaded files
 * themselves live in the media folder (resources/media/service.ts), never in storage.
 */

/** A row of the `media` table. */
export interface MediaRow {
  id: number;
  author: number | null;
  /** An external image's absolute URL; '' for an upload. */
  url: string;
  /** An upload's file name in the media folder; '' for an external image. */
  file: string;
  original_name: string;
  mime_type: string;
  width: number | null;
  height: number | null;
  filesize: number | null;
  created_utc: string;
}

export type NewMedia = Omit<MediaRow, 'id'>;

export interface MediaReader {
  find(id: number): Promise<MediaRow | undefined>;
  findMany(ids: readonly number[]): Promise<MediaRow[]>;
  /** The first external item registered for this URL. */
  findExternal(url: string): Promise<MediaRow | undefined>;
  /** The uploaded item whose file has this name. */
  findByFile(file: string): Promise<MediaRow | undefined>;
  /** The kind of post `id` is (`event`, `venue`, …), if it is one. */
  kindOf(id: number): Promise<string | undefined>;
  /** A page, newest first, and the total, read together. */
  page(limit: number, offset: number): Promise<{ rows: MediaRow[]; total: number }>;
}

export interface MediaRepository extends MediaReader {
  /**
   * A new post id and media row; answers the id. `fileFor(id)`, when given, names the item's
   * file once its id is known (an upload's file name starts with it).
   */
  insert(item: NewMedia, fileFor?: (id: number) => string): Promise<number>;
  /** Deletes the item; links from events, venues and organizers are cleared by foreign keys. */
  remove(id: number): Promise<void>;
}
