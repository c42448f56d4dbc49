/**
 * Which console screens need which role, in one place: the menu hides what the user cannot use
 * and the screen itself says who it is for, instead of failing on the API's 403.
 */
import type { Role } from '../../../shared/roles';

type Needed = 'administrator' | 'editor';

const NEEDS: Array<[string, Needed]> = [
  ['/admin/users', 'administrator'],
  ['/admin/settings', 'administrator'],
  ['/admin/sharing', 'administrator'],
  ['/admin/trash', 'administrator'],
  ['/admin/backups', 'administrator'],
  ['/admin/transfer', 'administrator'],
  ['/admin/import', 'editor'],
];

/** The role a path needs, if any. Users may still open their own account page. */
export function roleNeeded(path: string, userId?: number): Needed | undefined {
  if (userId !== undefined && path === `/admin/users/${userId}`) return undefined;
  return NEEDS.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`))?.[1];
}

export function mayOpen(path: string, role: Role | undefined, userId?: number): boolean {
  const needed = roleNeeded(path, userId);
  if (needed === undefined) return true;
  if (role === 'administrator') return true;
  return needed === 'editor' && role === 'editor';
}
