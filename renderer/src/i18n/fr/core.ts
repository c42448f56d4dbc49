/** The French texts of the shell, the calendar, the editor and the lists: loaded when French is chosen. */
import { shellFr } from './shell';
import { calendarFr } from './calendar';
import { editorFr } from './editor';
import { listsFr } from './lists';

export const coreFr = { ...shellFr, ...calendarFr, ...editorFr, ...listsFr };
