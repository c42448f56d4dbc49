/**
 * The shape every catalogue has: en.ts's keys, each a string, where a plural's `_other` form may
 * come with a `_many` form (French says "1 000 000 d’évènements" with its own form).
 */
import type { Catalogue } from './en';

export type Translation = Shape<Catalogue>;

type Shape<T> = {
  [K in keyof T]: T[K] extends string ? string : Shape<T[K]>;
} & {
  [K in keyof T as K extends `${infer Base}_other` ? `${Base}_many` : never]?: string;
};
