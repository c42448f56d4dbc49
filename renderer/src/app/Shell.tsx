import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useIsFetching } from '@tanstack/react-query';
import { Link } from './Link';
import { useLocation } from './router';
import { useAuth } from './auth';
import { ThemeToggle } from './ThemeToggle';
import { ProgressBar } from '../ui/Spinner';
import { useToast } from '../ui/toasts';
import { useLiveUpdates } from '../api/live';
import { mayOpen, NAV } from './access';
import { GlobalSearch } from './GlobalSearch';
import { useT } from '../i18n';
import { LanguagePicker } from '../i18n/LanguagePicker';
import './app.css';

function isActive(to: string, path: string) {
  return to === '/' ? path === '/' : path === to || path.startsWith(`${to}/`);
}

export function Shell({ children }: { children: ReactNode }) {
  const { path } = useLocation();
  const { user, signOut, desktop } = useAuth();
  const t = useT();
  const [open, setOpen] = useState(false);
  const fetching = useIsFetching() > 0;
  const toast = useToast();
  const notify = useCallback((message: string) => toast({ tone: 'info', message }), [toast]);
  useLiveUpdates(user?.id, notify);
  const menuButton = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  // The phone menu closes on Escape (focus back on its button) and on a tap outside it.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setOpen(false);
      menuButton.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (nav.current?.contains(target) || menuButton.current?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('app.skip')}
      </a>
      <ProgressBar active={fetching} />
      <header className="topbar">
        <button
          ref={menuButton}
          type="button"
          className="topbar__menu"
          aria-expanded={open}
          aria-controls="nav"
          onClick={() => setOpen(!open)}
        >
          <span aria-hidden="true">☰</span> {t('app.menu')}
        </button>
        <Link to="/" className="brand">
          <span className="brand__mark" aria-hidden="true">
            ▦
          </span>{' '}
          Almanac
        </Link>
      </header>
      <nav
        ref={nav}
        id="nav"
        className={`nav${open ? ' nav--open' : ''}`}
        aria-label={t('app.mainNav')}
      >
        <Link to="/" className="brand nav__brand">
          <span className="brand__mark" aria-hidden="true">
            ▦
          </span>{' '}
          Almanac
        </Link>
        <GlobalSearch onOpen={() => setOpen(false)} />
        {NAV.map((section) => (
          <div key={section.title} className="nav__section">
            <h2>{t(section.title)}</h2>
            <ul>
              {section.links
                .filter((link) => mayOpen(link.to, user?.role))
                .map((link) => (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      aria-current={isActive(link.to, path) ? 'page' : undefined}
                      onClick={() => setOpen(false)}
                    >
                      {t(link.label)}
                    </Link>
                  </li>
                ))}
            </ul>
          </div>
        ))}
        <div className="nav__footer">
          <ThemeToggle />
          <LanguagePicker />
          {window.almanac?.version && (
            <small className="muted">{t('app.version', { version: window.almanac.version })}</small>
          )}
          {user && (
            <div className="nav__user">
              <span>
                {user.display_name || user.login} <small>{t(`roles.${user.role}`)}</small>
              </span>
              {!desktop && (
                <button type="button" className="link-button" onClick={() => void signOut()}>
                  {t('app.signOut')}
                </button>
              )}
            </div>
          )}
        </div>
      </nav>
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
