/**
 * The messages between the desktop app's main process (main/server-process.ts) and its server
 * process (server/child.ts). Both sides check what they receive against these schemas: anything
 * crossing a process boundary is `unknown` until parsed.
 */
import { z } from 'zod';
import { desktopSessionSchema } from './desktop-bridge.js';

/** The server listens and has opened a console session for the first administrator. */
export const readyMessageSchema = z.object({
  type: z.literal('ready'),
  url: z.string().regex(/^http:\/\/[^/\s]+$/),
  session: desktopSessionSchema,
  /** Present on the first start, when the administrator was just created. */
  first_admin: z
    .object({ login: z.string(), generated_password: z.string().optional() })
    .optional(),
});

/** The server could not start; it exits after sending this. */
export const startErrorMessageSchema = z.object({
  type: z.literal('error'),
  /** `config`, `port_in_use`, `database_too_new` or `unexpected`. */
  code: z.string(),
  message: z.string(),
});

/** The answer to a session request: a session, or why there is none. */
export const sessionReplySchema = z.object({
  type: z.literal('session'),
  request_id: z.number(),
  session: desktopSessionSchema.optional(),
  error: z.string().optional(),
});

/** What the main process asks: a still-valid console session, or a clean shutdown. */
export const parentMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('shutdown') }),
  z.object({ type: z.literal('session'), request_id: z.number().int() }),
]);

export type ReadyMessage = z.infer<typeof readyMessageSchema>;
export type ServerMessage =
  ReadyMessage | z.infer<typeof startErrorMessageSchema> | z.infer<typeof sessionReplySchema>;
export type ParentMessage = z.infer<typeof parentMessageSchema>;
