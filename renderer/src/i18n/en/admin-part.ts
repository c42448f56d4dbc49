/** The English texts of the administration screens, fetched when one of them is first opened. */
import { adminEn } from './admin';
import { dataEn } from './data';

export const adminPartEn = { ...adminEn, ...dataEn };
