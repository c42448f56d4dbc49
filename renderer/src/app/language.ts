/** The console's language (renderer/src/i18n): English unless French. */
export { consoleLanguage } from '../i18n';
