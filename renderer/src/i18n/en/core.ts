/** The English texts loaded with the console itself: its shell, the calendar, the editor and the lists. */
import { shellEn } from './shell';
import { calendarEn } from './calendar';
import { editorEn } from './editor';
import { listsEn } from './lists';

export const coreEn = { ...shellEn, ...calendarEn, ...editorEn, ...listsEn };
