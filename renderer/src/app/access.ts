/**
 * Which console screens need which role, in one place: the menu hides what the user cannot use
 * and the screen itself says who it is for, instead of failing on the API's 403.
 */
import type { Role } from '../../../shared/roles';

type Needed = 'administrator' | 'editor';

export interface NavLink {
  to: string;
  label: string;
  /** Who may open the screen (and anything below its path); everyone signed in when absent. */
  needs?: Needed;
}

/** The menu, section by section. */
export const NAV: Array<{ title: string; links: NavLink[] }> = [
  {
    title: 'Content',
    links: [
      { to: '/', label: 'Calendar' },
      { to: '/events', label: 'Events' },
      { to: '/venues', label: 'Venues' },
      { to: '/organizers', label: 'Organizers' },
      { to: '/categories', label: 'Categories' },
      { to: '/tags', label: 'Tags' },
      { to: '/subscribe', label: 'Subscribe' },
    ],
  },
  { title: 'Developers', links: [{ to: '/explorer', label: 'API explorer' }] },
  {
    title: 'Administration',
    links: [
      { to: '/admin/users', label: 'Users', needs: 'administrator' },
      { to: '/admin/passwords', label: 'App passwords' },
      { to: '/admin/settings', label: 'Settings', needs: 'administrator' },
      { to: '/admin/sharing', label: 'LAN sharing', needs: 'administrator' },
      { to: '/admin/trash', label: 'Trash', needs: 'administrator' },
      { to: '/admin/backups', label: 'Backups', needs: 'administrator' },
      { to: '/admin/transfer', label: 'Export and import', needs: 'administrator' },
      { to: '/admin/import', label: 'Import', needs: 'editor' },
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
