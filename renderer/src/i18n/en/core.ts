/** The English texts loaded with the console itself: its shell, the calendar and the editor. */
import { shellEn } from './shell';
import { calendarEn } from './calendar';
import { editorEn } from './editor';

export const coreEn = { ...shellEn, ...calendarEn, ...editorEn };
