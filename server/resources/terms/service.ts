/** Terms: filled in by the terms resource. */
import type { CoreServices } from '../../services.js';

export function createTermsService(_core: CoreServices) {
  return {};
}

export type TermsService = ReturnType<typeof createTermsService>;
