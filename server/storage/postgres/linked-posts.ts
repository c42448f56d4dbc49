/**
 * Venues and organizers (storage/linked-posts.ts) are not stored in PostgreSQL yet: every call is
 * refused. A server on PostgreSQL refuses to start until every route is served (readiness.ts),
 * so no request reaches these.
 */
import type { LinkedPostsRepository, LinkedRow } from '../linked-posts.js';

export function pgLinkedPostsPending<Row extends LinkedRow>(
  table: 'venues' | 'organizers',
): LinkedPostsRepository<Row> {
  const refuse = () => Promise.reject(new Error(`${table} are not stored in PostgreSQL yet.`));
  return {
    find: refuse,
    findBySlug: refuse,
    findMany: refuse,
    kindOf: refuse,
    eventOwner: refuse,
    slugVariants: refuse,
    trashMeta: refuse,
    findDuplicate: refuse,
    list: refuse,
    insert: refuse,
    update: refuse,
    trash: refuse,
    forgetTrash: refuse,
  };
}
