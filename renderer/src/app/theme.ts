/**
 * Light and dark themes: the system preference by default, or the user's explicit choice, kept
 * in localStorage and applied as data-theme on <html> before the first render (no flash).
 */
export type ThemeChoice = 'system' | 'light' | 'dark';
const KEY = 'almanac.theme';

export function readTheme(): ThemeChoice {
  try {
    const value = window.localStorage.getItem(KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

export function applyTheme(choice: ThemeChoice): void {
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
  try {
    if (choice === 'system') window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, choice);
  } catch {
    // Storage refused: the choice lasts for this page only.
  }
}
