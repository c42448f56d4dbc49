/** Media items of the admin namespace: uploaded images and external image URLs. */
import { z } from 'zod';
import { positiveInt } from './coerce.js';
import { isHttpUrl } from './fields.js';

export const mediaListSchema = z.object({
  page: positiveInt.default(1).meta({ type: 'integer', description: 'The page to return.' }),
  per_page: positiveInt
    .transform((n) => Math.min(n, 100))
    .default(20)
    .meta({ type: 'integer', description: 'How many items to return per page (at most 100).' }),
});

/** A JSON (or form) body registering an external image instead of uploading a file. */
export const mediaExternalSchema = z.object({
  url: z
    .string()
    .trim()
    .refine(isHttpUrl, 'must be an absolute http(s) URL.')
    .optional()
    .meta({ description: 'The URL of an external image to register instead of uploading a file.' }),
});

export const MEDIA_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
