/** Types of scripts/freshness.mjs for the tests that import it. */
export function newest(path: string): number;
export function stale(built: string, sources: string[]): boolean;
