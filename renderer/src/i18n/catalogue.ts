/**
 * The shape of the console's catalogue. Its texts live in one file per screen or group of
 * screens (en/*.ts, with fr/*.ts beside them), merged into one i18next namespace as they are
 * loaded (load.ts). English gives the shape; each French file is typed with the shape of its
 * English twin, so a French key missing (or one English lacks) does not compile.
 */
import type { shellEn } from './en/shell';
import type { calendarEn } from './en/calendar';
import type { editorEn } from './en/editor';
import type { devicesEn } from './en/devices';
import type { listsEn } from './en/lists';
import type { adminEn } from './en/admin';
import type { dataEn } from './en/data';
import type { explorerEn } from './en/explorer';
import type { importsEn } from './en/imports';

/** Each file of the catalogue, by its name under en/ and fr/. */
export interface Files {
  shell: typeof shellEn;
  calendar: typeof calendarEn;
  editor: typeof editorEn;
  devices: typeof devicesEn;
  lists: typeof listsEn;
  admin: typeof adminEn;
  data: typeof dataEn;
  explorer: typeof explorerEn;
  imports: typeof importsEn;
}

/** Every text of the console, whichever file holds it: what `t` accepts. */
export type Catalogue = Files['shell'] &
  Files['calendar'] &
  Files['editor'] &
  Files['lists'] &
  Files['admin'] &
  Files['data'] &
  Files['explorer'] &
  Files['devices'] &
  Files['imports'];

/** The French twin of an English file: the same keys, each a string. */
export type Translation<F extends keyof Files> = Shape<Files[F]>;

/**
 * English's keys, each a string, where a plural's `_other` form may come with a `_many` form
 * (French says "1 000 000 d’évènements" with its own form).
 */
type Shape<T> = {
  [K in keyof T]: T[K] extends string ? string : Shape<T[K]>;
} & {
  [K in keyof T as K extends `${infer Base}_other` ? `${Base}_many` : never]?: string;
};
