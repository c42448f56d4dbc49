/** Media: filled in by the media resource. */
import type { CoreServices } from '../../services.js';

export function createMediaService(_core: CoreServices) {
  return {};
}

export type MediaService = ReturnType<typeof createMediaService>;
