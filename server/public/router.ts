/** Public read-only pages (`/event/<slug>/`, ...): filled in by the public pages work. */
import { Router } from 'express';
import type { Services } from '../services.js';

export function publicPages(_services: Services): Router {
  return Router();
}
