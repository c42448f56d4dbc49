import { describe, expect, it } from 'vitest';
import {
  canDeletePost,
  canEditPost,
  canEditPosts,
  canManageCategories,
  canManageTags,
  canPublish,
  canReadPost,
  defaultListingStatuses,
  scaleBackStatus,
  type Actor,
  type Role,
} from '../../shared/roles.js';

const as = (role: Role, id = 7): Actor => ({ id, role });

describe('capabilities per role (compat-notes §5.2)', () => {
  it.each([
    ['administrator', true, true, true, true],
    ['editor', true, true, true, true],
    ['author', true, true, true, false],
    ['contributor', true, false, false, false],
    ['subscriber', false, false, false, false],
  ] as const)(
    '%s: edit_posts %s, publish %s, categories %s, tags %s',
    (role, edit, publish, categories, tags) => {
      expect(canEditPosts(as(role))).toBe(edit);
      expect(canPublish(as(role))).toBe(publish);
      expect(canManageCategories(as(role))).toBe(categories);
      expect(canManageTags(as(role))).toBe(tags);
    },
  );

  it('gives anonymous requests nothing', () => {
    expect(canEditPosts(null)).toBe(false);
    expect(canEditPost(null, { author: 1, status: 'draft' })).toBe(false);
  });

  it('lets contributors edit only their own unpublished posts', () => {
    const me = as('contributor', 5);
    expect(canEditPost(me, { author: 5, status: 'draft' })).toBe(true);
    expect(canEditPost(me, { author: 5, status: 'pending' })).toBe(true);
    expect(canEditPost(me, { author: 5, status: 'publish' })).toBe(false);
    expect(canEditPost(me, { author: 1, status: 'draft' })).toBe(false);
    expect(canDeletePost(me, { author: 5, status: 'publish' })).toBe(false);
  });

  it('lets authors edit their own published posts but not others’', () => {
    expect(canEditPost(as('author', 5), { author: 5, status: 'publish' })).toBe(true);
    expect(canEditPost(as('author', 5), { author: 1, status: 'draft' })).toBe(false);
    expect(canEditPost(as('editor', 5), { author: 1, status: 'publish' })).toBe(true);
  });

  it('reads published content for all, the rest for owners and editors', () => {
    expect(canReadPost(null, { author: 1, status: 'publish' })).toBe(true);
    expect(canReadPost(null, { author: 1, status: 'draft' })).toBe(false);
    expect(canReadPost(as('subscriber', 1), { author: 1, status: 'draft' })).toBe(false);
    expect(canReadPost(as('contributor', 1), { author: 1, status: 'draft' })).toBe(true);
    expect(canReadPost(as('editor', 2), { author: 1, status: 'private' })).toBe(true);
  });
});

describe('scaleBackStatus (compat-notes §5.2)', () => {
  it.each([
    ['administrator', undefined, 'publish'],
    ['author', 'future', 'future'],
    ['contributor', 'publish', 'pending'],
    ['contributor', undefined, 'draft'],
    ['contributor', 'draft', 'draft'],
    ['subscriber', 'future', 'pending'],
  ] as const)('%s asking for %s gets %s', (role, requested, expected) => {
    expect(scaleBackStatus(as(role), requested)).toBe(expected);
  });
});

describe('defaultListingStatuses', () => {
  it('shows anonymous users only published content and editors all but the trash', () => {
    expect(defaultListingStatuses(null)).toEqual(['publish']);
    expect(defaultListingStatuses(as('subscriber'))).toEqual(['publish']);
    expect(defaultListingStatuses(as('editor'))).not.toContain('trash');
  });
});
