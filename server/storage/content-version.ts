/**
 * Moving the content version by hand (docs/architecture.md, "One content version"). Every write
 * to content moves it by itself; a restore must move it too, since the restored data may carry
 * a version this process saw before the copy was taken, with other contents.
 */

export interface ContentVersionRepository {
  /** Once the unit commits, the version differs from every version read before. */
  move(): Promise<void>;
}
