import { useState } from 'react';
import { applyTheme, readTheme, type ThemeChoice } from './theme';

const ORDER: ThemeChoice[] = ['system', 'light', 'dark'];
const LABEL: Record<ThemeChoice, string> = { system: 'Auto', light: 'Light', dark: 'Dark' };
const ICON: Record<ThemeChoice, string> = { system: '◐', light: '☀', dark: '☾' };

export function ThemeToggle() {
  const [choice, setChoice] = useState<ThemeChoice>(readTheme);
  const cycle = () => {
    const next = ORDER[(ORDER.indexOf(choice) + 1) % ORDER.length]!;
    applyTheme(next);
    setChoice(next);
  };
  return (
    <button
      type="button"
      className="nav__theme"
      onClick={cycle}
      aria-label={`Theme: ${LABEL[choice]}. Change theme`}
      title={`Theme: ${LABEL[choice]}`}
    >
      <span aria-hidden="true">{ICON[choice]}</span> {LABEL[choice]}
    </button>
  );
}
