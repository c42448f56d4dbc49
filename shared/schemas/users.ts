/** Users and credentials of the admin namespace: one definition for the API and the console. */
import { z } from 'zod';
import { ROLES } from '../roles.js';
import { LANGUAGES } from './settings.js';

/** A user's console language: '' follows the browser, then the site's language. */
export const USER_LOCALES = ['', ...LANGUAGES] as const;
export type UserLocale = (typeof USER_LOCALES)[number];

export const loginName = z
  .string()
  .trim()
  .min(1, 'must not be empty.')
  .max(60, 'must be at most 60 characters.')
  .regex(/^[\w.@+-]+$/, 'may contain only letters, digits and . _ @ + -');

export const password = z
  .string()
  .min(8, 'must be at least 8 characters.')
  .max(1024, 'must be at most 1024 characters.');

export const role = z.enum(ROLES, { message: `must be one of ${ROLES.join(', ')}.` });

export const userCreateSchema = z.object({
  login: loginName,
  password,
  role,
  email: z.union([z.email('must be an e-mail address.'), z.literal('')]).optional(),
  display_name: z.string().trim().max(250, 'must be at most 250 characters.').optional(),
  locale: z
    .enum(USER_LOCALES, { message: `must be one of '', ${LANGUAGES.join(', ')}.` })
    .optional()
    .meta({
      description:
        "The console's language for this user; empty follows the browser, then the site's language.",
    }),
});

export const userUpdateSchema = userCreateSchema.partial().extend({
  // Changing one's own password asks for the current one (a session alone is not enough).
  current_password: z
    .string()
    .max(1024, 'must be at most 1024 characters.')
    .optional()
    .meta({ description: 'Your current password, needed to change your own password.' }),
});

export const loginSchema = z.object({
  login: z.string().min(1, 'must not be empty.'),
  password: z.string().min(1, 'must not be empty.'),
  label: z.string().max(100).optional(),
});

export const appPasswordCreateSchema = z.object({
  name: z.string().trim().min(1, 'must not be empty.').max(100, 'must be at most 100 characters.'),
});
