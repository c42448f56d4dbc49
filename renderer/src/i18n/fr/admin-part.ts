/** The French texts of the administration screens, fetched when one of them is first opened. */
import { adminFr } from './admin';
import { dataFr } from './data';

export const adminPartFr = { ...adminFr, ...dataFr };
