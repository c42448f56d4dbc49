/** Type-ahead matching: every typed word appears in the text, whatever its case and accents. */
export function matches(text: string, query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const haystack = fold(text);
  return words.every((word) => haystack.includes(word));
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}
