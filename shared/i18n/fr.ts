/**
 * French catalogue. Keys are the exact English texts of the schemas' descriptions (gettext
 * style); a test lists every description the API publishes and fails when one is missing here.
 */
export const fr: Readonly<Record<string, string>> = {};
