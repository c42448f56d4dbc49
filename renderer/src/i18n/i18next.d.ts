/** Typed keys: a call of `t` with a key no English file has does not compile. */
import 'i18next';
import type { Catalogue } from './catalogue';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
    returnNull: false;
  }
}
