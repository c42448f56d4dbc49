import { lazy, Suspense, type ReactNode } from 'react';
import { useAuth } from './auth';
import { match, useLocation } from './router';
import { Shell } from './Shell';
import { SignIn } from './SignIn';
import { Spinner } from '../ui/Spinner';
import { NotFound, Restricted } from './NotFound';
import { mayOpen, roleNeeded } from './access';
import { useT } from '../i18n';

const CalendarScreen = lazy(() => import('../calendar/CalendarScreen'));
const EventsList = lazy(() => import('../events/EventsList'));
const EventEditor = lazy(() => import('../events/EventEditor'));
const SeriesDates = lazy(() => import('../events/SeriesDates'));
const VenuesList = lazy(() => import('../venues/VenuesList'));
const VenueEditor = lazy(() => import('../venues/VenueEditor'));
const OrganizersList = lazy(() => import('../organizers/OrganizersList'));
const OrganizerEditor = lazy(() => import('../organizers/OrganizerEditor'));
const TermsList = lazy(() => import('../terms/TermsList'));
const TermEditor = lazy(() => import('../terms/TermEditor'));
const Explorer = lazy(() => import('../explorer/Explorer'));
const Users = lazy(() => import('../admin/Users'));
const UserEditor = lazy(() => import('../admin/UserEditor'));
const AppPasswords = lazy(() => import('../admin/AppPasswords'));
const SettingsScreen = lazy(() => import('../admin/SettingsScreen'));
const Sharing = lazy(() => import('../admin/Sharing'));
const Trash = lazy(() => import('../admin/Trash'));
const Backups = lazy(() => import('../admin/Backups'));
const Transfer = lazy(() => import('../admin/Transfer'));
const Subscribe = lazy(() => import('../feeds/Subscribe'));
const ConnectScreen = lazy(() => import('../connect/ConnectScreen'));
const ImportScreen = lazy(() => import('../feeds/ImportScreen'));

type Screen = [string, (params: Record<string, string>) => ReactNode];

const SCREENS: Screen[] = [
  ['/', () => <CalendarScreen />],
  ['/events', () => <EventsList />],
  ['/events/:id', (p) => <EventEditor id={p.id!} />],
  ['/events/:id/dates', (p) => <SeriesDates id={p.id!} />],
  ['/venues', () => <VenuesList />],
  ['/venues/:id', (p) => <VenueEditor id={p.id!} />],
  ['/organizers', () => <OrganizersList />],
  ['/organizers/:id', (p) => <OrganizerEditor id={p.id!} />],
  ['/categories', () => <TermsList kind="categories" />],
  ['/categories/:id', (p) => <TermEditor kind="categories" id={p.id!} />],
  ['/tags', () => <TermsList kind="tags" />],
  ['/tags/:id', (p) => <TermEditor kind="tags" id={p.id!} />],
  ['/explorer', () => <Explorer />],
  ['/admin/users', () => <Users />],
  ['/admin/users/:id', (p) => <UserEditor id={p.id!} />],
  ['/admin/passwords', () => <AppPasswords />],
  ['/admin/settings', () => <SettingsScreen />],
  ['/admin/sharing', () => <Sharing />],
  ['/admin/trash', () => <Trash />],
  ['/admin/backups', () => <Backups />],
  ['/admin/transfer', () => <Transfer />],
  ['/subscribe', () => <Subscribe />],
  ['/connect', () => <ConnectScreen />],
  ['/admin/import', () => <ImportScreen />],
];

function Screens() {
  const { path } = useLocation();
  const { user } = useAuth();
  if (!mayOpen(path, user?.role, user?.id))
    return <Restricted role={roleNeeded(path, user?.id) ?? 'administrator'} />;
  for (const [pattern, render] of SCREENS) {
    const params = match(pattern, path);
    if (params) return <>{render(params)}</>;
  }
  return <NotFound />;
}

export function App() {
  const { status } = useAuth();
  const t = useT();
  if (status === 'loading')
    return (
      <div className="boot">
        <Spinner label={t('app.opening')} />
      </div>
    );
  if (status === 'signed-out') return <SignIn />;
  return (
    <Shell>
      <Suspense
        fallback={
          <div className="screen-loading">
            <Spinner />
          </div>
        }
      >
        <Screens />
      </Suspense>
    </Shell>
  );
}
