import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from './app/App';
import { AuthProvider } from './app/auth';
import { applyTheme, readTheme } from './app/theme';
import { ToastProvider } from './ui/toasts';
import { ApiFailure } from './api/client';
import { loadCatalogue, setConsoleLanguage } from './i18n';
import { chooseLanguage } from './i18n/choose';
import { LanguageSync } from './i18n/LanguageSync';
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';

applyTheme(readTheme());

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      refetchOnWindowFocus: false,
      // Client errors will not get better by retrying; network hiccups might.
      retry: (count, error) =>
        !(error instanceof ApiFailure && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <LanguageSync>
            <ToastProvider>
              <App />
            </ToastProvider>
          </LanguageSync>
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  );

// The browser's language until the user's choice or the site's setting is known; its texts
// (French is fetched, English is here) before the first frame.
const first = chooseLanguage(undefined, navigator.languages ?? [navigator.language], undefined);
loadCatalogue(first)
  .then(
    () => setConsoleLanguage(first),
    () => setConsoleLanguage('en'),
  )
  .finally(render);
