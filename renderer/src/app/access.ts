/**
 * Which console screens need which role, in one place: the menu hides what the user cannot use
 * and the screen itself says who it is for, instead of failing on the API's 403.
 */
import type { Role } from '../../../shared/roles';
import type { MessageKey } from '../i18n';

type Needed = 'administrator' | 'editor';

export interface NavLink {
  to: string;
  label: MessageKey;
  /** Who may open the screen (and anything below its path); everyone signed in when absent. */
  needs?: Needed;
}

/** The menu, section by section. */
export const NAV: Array<{ title: MessageKey; links: NavLink[] }> = [
  {
    title: 'nav.content',
    links: [
      { to: '/', label: 'nav.calendar' },
      { to: '/events', label: 'nav.events' },
      { to: '/venues', label: 'nav.venues' },
      { to: '/organizers', label: 'nav.organizers' },
      { to: '/categories', label: 'nav.categories' },
      { to: '/tags', label: 'nav.tags' },
      { to: '/subscribe', label: 'nav.subscribe' },
      { to: '/connect', label: 'nav.connect' },
    ],
  },
  { title: 'nav.developers', links: [{ to: '/explorer', label: 'nav.explorer' }] },
  {
    title: 'nav.administration',
    links: [
      { to: '/admin/users', label: 'nav.users', needs: 'administrator' },
      { to: '/admin/passwords', label: 'nav.passwords' },
      { to: '/admin/settings', label: 'nav.settings', needs: 'administrator' },
      { to: '/admin/sharing', label: 'nav.sharing', needs: 'administrator' },
      { to: '/admin/trash', label: 'nav.trash', needs: 'administrator' },
      { to: '/admin/backups', label: 'nav.backups', needs: 'administrator' },
      { to: '/admin/transfer', label: 'nav.transfer', needs: 'administrator' },
      { to: '/admin/import', label: 'nav.import', needs: 'editor' },
    ],
  },
];

const RESTRICTED = NAV.flatMap((section) => section.links).filter((link) => link.needs);

/** The role a path needs, if any. Users may still open their own account page. */
export function roleNeeded(path: string, userId?: number): Needed | undefined {
  if (userId !== undefined && path === `/admin/users/${userId}`) return undefined;
  return RESTRICTED.find(({ to }) => path === to || path.startsWith(`${to}/`))?.needs;
}

export function mayOpen(path: string, role: Role | undefined, userId?: number): boolean {
  const needed = roleNeeded(path, userId);
  if (needed === undefined) return true;
  if (role === 'administrator') return true;
  return needed === 'editor' && role === 'editor';
}
