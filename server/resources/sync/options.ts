/** Settings of the change history and of the change streams; tests shorten them. */

export interface StreamOptions {
  /** How often the change log is checked while streams are open. */
  pollMs: number;
  /** A comment is sent at least this often, so proxies and clients see the stream alive. */
  heartbeatMs: number;
  /**
   * Streams one user (or one anonymous client address) may hold on the whole calendar: every
   * process and node counts them together in the database (storage/stream-leases.ts).
   */
  maxPerClient: number;
  /**
   * Streams of anonymous clients and signed-in users together in this process; administrators'
   * streams are not counted, so an administrator can always open one (`maxPerClient` each).
   */
  maxStreams: number;
  /**
   * Of `maxStreams`, how many anonymous clients may hold: the rest is kept for signed-in users,
   * so anonymous clients on many addresses cannot take every slot.
   */
  maxAnonymousStreams: number;
  /** A subscriber whose unsent output grows past this (it stopped reading) is dropped. */
  maxBufferedBytes: number;
}

export const DEFAULT_STREAM_OPTIONS: StreamOptions = {
  pollMs: 250,
  heartbeatMs: 20_000,
  maxPerClient: 8,
  maxStreams: 200,
  maxAnonymousStreams: 150,
  maxBufferedBytes: 1 << 20,
};

export interface SyncOptions extends StreamOptions {
  /** Changes older than this are forgotten; older tokens get 410 `sync_token_expired`. */
  historyDays: number;
}

export const DEFAULT_SYNC_OPTIONS: SyncOptions = { ...DEFAULT_STREAM_OPTIONS, historyDays: 90 };
