import { useState } from 'react';
import { applyTheme, readTheme, type ThemeChoice } from './theme';
import { useT } from '../i18n';

const ORDER: ThemeChoice[] = ['system', 'light', 'dark'];
const ICON: Record<ThemeChoice, string> = { system: '◐', light: '☀', dark: '☾' };

export function ThemeToggle() {
  const t = useT();
  const [choice, setChoice] = useState<ThemeChoice>(readTheme);
  const label = t(`theme.${choice}`);
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
      aria-label={t('theme.label', { theme: label })}
      title={t('theme.title', { theme: label })}
    >
      <span aria-hidden="true">{ICON[choice]}</span> {label}
    </button>
  );
}
