/** The settings aggregate: JSON values under fixed keys. */

export interface SettingsReader {
  /** Every stored value by key, parsed from JSON (unvalidated: the service validates). */
  all(): Promise<Record<string, unknown>>;
}

export interface SettingsRepository extends SettingsReader {
  /** Stores these values, each under its key, keeping the others. */
  putAll(values: Record<string, unknown>): Promise<void>;
}
