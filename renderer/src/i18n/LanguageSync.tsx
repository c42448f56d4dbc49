/**
 * Keeps the console in the language it should speak: the signed-in user's choice, else the
 * browser's, else the site's. The screens below are mounted anew when it changes, so nothing
 * keeps a text or a date format of the previous language.
 */
import { Fragment, useLayoutEffect, useState, type ReactNode } from 'react';
import { useAuth } from '../app/auth';
import { useSite } from '../app/site';
import { chooseLanguage } from './choose';
import { consoleLanguage, setConsoleLanguage } from './index';

const preferred = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);

export function LanguageSync({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const site = useSite().data?.language;
  const language = chooseLanguage(user?.locale, preferred(), site);
  const [shown, setShown] = useState(consoleLanguage);
  // Before paint: the first frame in the new language, never one in the old.
  useLayoutEffect(() => {
    setConsoleLanguage(language);
    setShown(language);
  }, [language]);
  return <Fragment key={shown}>{children}</Fragment>;
}
