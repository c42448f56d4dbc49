/**
 * Keeps the console in the language it should speak: the signed-in user's choice, else the
 * browser's, else the site's. The screens below are mounted anew when it changes, so nothing
 * keeps a text or a date format of the previous language. A language whose texts are not loaded
 * yet is fetched first; the console speaks the previous one until they arrive.
 */
import { Fragment, useLayoutEffect, useState, type ReactNode } from 'react';
import { useAuth } from '../app/auth';
import { useSite } from '../app/site';
import { chooseLanguage } from './choose';
import { consoleLanguage, isLoaded, loadCatalogue, setConsoleLanguage } from './index';

const preferred = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);

export function LanguageSync({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const site = useSite().data?.language;
  const language = chooseLanguage(user?.locale, preferred(), site);
  const [shown, setShown] = useState(consoleLanguage);
  // Before paint: the first frame in the new language, never one in the old.
  useLayoutEffect(() => {
    const speak = () => {
      setConsoleLanguage(language);
      setShown(language);
    };
    if (isLoaded(language)) return speak();
    let current = true;
    loadCatalogue(language).then(
      () => current && speak(),
      (error: unknown) => console.error('The console’s texts could not be loaded', error),
    );
    return () => {
      current = false;
    };
  }, [language]);
  return <Fragment key={shown}>{children}</Fragment>;
}
