/**
 * Roles and capabilities, after the reference's WordPress capability model (docs/contract/compat-notes.md §5).
 * Pure functions so the server and the console agree on who may do what.
 */
export const ROLES = ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const;
export type Role = (typeof ROLES)[number];

export const POST_STATUSES = ['publish', 'future', 'draft', 'pending', 'private', 'trash'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** The signed-in user as the permission checks see it; `null` is an anonymous request. */
export interface Actor {
  id: number;
  role: Role;
}

/** The parts of an event, venue or organizer that permissions depend on. */
export interface OwnedPost {
  author: number;
  status: PostStatus;
}

const rank: Record<Role, number> = {
  subscriber: 0,
  contributor: 1,
  author: 2,
  editor: 3,
  administrator: 4,
};

const atLeast = (actor: Actor | null, role: Role): boolean =>
  actor !== null && rank[actor.role] >= rank[role];

/** `edit_posts` on events, venues and organizers: may create and list unpublished content. */
export const canEditPosts = (actor: Actor | null): boolean => atLeast(actor, 'contributor');
/** `publish_posts`: may publish, and (for events) manage categories. */
export const canPublish = (actor: Actor | null): boolean => atLeast(actor, 'author');
/** `edit_others_posts`: editors and administrators act on everyone's content. */
export const canEditOthers = (actor: Actor | null): boolean => atLeast(actor, 'editor');
/** Categories need the event publish capability (docs/contract/compat-notes.md §5.2). */
export const canManageCategories = (actor: Actor | null): boolean => atLeast(actor, 'author');
/** Tags need WordPress's `manage_categories`: editors and up. */
export const canManageTags = (actor: Actor | null): boolean => atLeast(actor, 'editor');
export const isAdministrator = (actor: Actor | null): boolean => atLeast(actor, 'administrator');

const PUBLISHED_LIKE: readonly PostStatus[] = ['publish', 'future', 'private'];

/** `edit_post` on one object: editors always; authors their own; contributors their own unpublished. */
export function canEditPost(actor: Actor | null, post: OwnedPost): boolean {
  if (actor === null) return false;
  if (canEditOthers(actor)) return true;
  if (actor.id !== post.author) return false;
  if (canPublish(actor)) return true;
  return atLeast(actor, 'contributor') && !PUBLISHED_LIKE.includes(post.status);
}

/** `delete_post` follows the same ownership rules as `edit_post`. */
export const canDeletePost = canEditPost;

/** Setting a post's `author` to someone else needs `edit_others_posts`; anyone may name themselves. */
export const canAssignAuthor = (actor: Actor | null, author: number | undefined): boolean =>
  author === undefined || (actor !== null && (author === actor.id || canEditOthers(actor)));

/** `read_post`: published content is public; the rest needs ownership or editor rights. */
export function canReadPost(actor: Actor | null, post: OwnedPost): boolean {
  if (post.status === 'publish') return true;
  if (actor === null) return false;
  if (canEditOthers(actor)) return true;
  return actor.id === post.author && atLeast(actor, 'contributor');
}

/** `read_post` on an event known by its stored author and status (`undefined`: no such event). */
export function mayReadEvent(
  actor: Actor | null,
  event: { author: number | null; status: PostStatus } | undefined,
): boolean {
  return (
    event !== undefined && canReadPost(actor, { author: event.author ?? 0, status: event.status })
  );
}

/**
 * Status scale-back on create and update (docs/contract/compat-notes.md §5.2): users who cannot publish get
 * `pending` for `publish`/`future` and `draft` when they ask for nothing.
 */
export function scaleBackStatus(
  actor: Actor | null,
  requested: PostStatus | undefined,
): PostStatus {
  if (canPublish(actor)) return requested ?? 'publish';
  if (requested === undefined) return 'draft';
  if (requested === 'publish' || requested === 'future') return 'pending';
  return requested;
}

/** Statuses a listing shows when the request names none (docs/contract/compat-notes.md §3.3). */
export function defaultListingStatuses(actor: Actor | null): PostStatus[] {
  if (!canEditPosts(actor)) return ['publish'];
  return ['publish', 'future', 'draft', 'pending', 'private'];
}
