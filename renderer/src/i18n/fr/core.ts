/** The French texts of the shell, the calendar and the editor: loaded when French is chosen. */
import { shellFr } from './shell';
import { calendarFr } from './calendar';
import { editorFr } from './editor';

export const coreFr = { ...shellFr, ...calendarFr, ...editorFr };
