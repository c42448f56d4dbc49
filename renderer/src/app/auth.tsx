/**
 * Who is signed in. In the browser: a session token from the sign-in form, kept in
 * localStorage. In the desktop window: the session the main process hands over through the
 * preload bridge (window.almanac), so the owner never types a password locally.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { DesktopBridge } from '../../../shared/desktop-bridge';
import { admin, api, setToken, whenUnauthorized } from '../api/client';
import type { SessionWire, UserWire } from '../../../shared/schemas/wire';

const STORAGE_KEY = 'almanac.session';

declare global {
  interface Window {
    almanac?: DesktopBridge;
  }
}

interface AuthState {
  status: 'loading' | 'signed-out' | 'signed-in';
  user: UserWire | null;
  desktop: boolean;
  signIn(login: string, password: string): Promise<void>;
  signOut(): Promise<void>;
  /** The signed-in user as the server answered a change of their own profile. */
  replaceUser(user: UserWire): void;
}

const AuthContext = createContext<AuthState | null>(null);

function stored(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function store(token: string | null): void {
  try {
    if (token === null) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, token);
  } catch {
    // Private windows may refuse storage: the session then lasts as long as the page.
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<AuthState['status']>('loading');
  const [user, setUser] = useState<UserWire | null>(null);
  const desktop = typeof window !== 'undefined' && window.almanac !== undefined;

  const forget = useCallback(() => {
    setToken(null);
    store(null);
    setUser(null);
    setStatus('signed-out');
  }, []);

  useEffect(() => {
    whenUnauthorized(forget);
    let cancelled = false;
    (async () => {
      let token = stored();
      if (window.almanac)
        token = (await window.almanac.getSession().catch(() => null))?.token ?? token;
      if (!token) return forget();
      setToken(token);
      try {
        const me = await api<UserWire>(admin('me'));
        if (cancelled) return;
        setUser(me);
        setStatus('signed-in');
      } catch {
        if (!cancelled) forget();
      }
    })();
    return () => {
      cancelled = true;
      whenUnauthorized(null);
    };
  }, [forget]);

  const signIn = useCallback(async (login: string, password: string) => {
    const session = await api<SessionWire>(admin('sessions'), {
      method: 'POST',
      body: { login, password, label: 'Console' },
      anonymous: true,
    });
    setToken(session.token);
    store(session.token);
    setUser(session.user);
    setStatus('signed-in');
  }, []);

  const signOut = useCallback(async () => {
    await api(admin('sessions/current'), { method: 'DELETE' }).catch(() => undefined);
    forget();
  }, [forget]);

  const replaceUser = useCallback(
    (next: UserWire) => setUser((current) => (current?.id === next.id ? next : current)),
    [],
  );

  const value = useMemo(
    () => ({ status, user, desktop, signIn, signOut, replaceUser }),
    [status, user, desktop, signIn, signOut, replaceUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
