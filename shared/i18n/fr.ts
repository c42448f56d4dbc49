/**
 * French catalogue. Keys are the exact English texts of the schemas' descriptions (gettext
 * style); a test lists every description the API publishes and fails when one is missing here.
 * It is kept in three files by what the texts describe.
 */
import { frOperations } from './fr-operations.js';
import { frPages } from './fr-pages.js';
import { frShapes } from './fr-shapes.js';

export const fr: Readonly<Record<string, string>> = { ...frShapes, ...frOperations, ...frPages };
