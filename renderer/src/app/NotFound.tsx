import { ApiFailure } from '../api/client';
import { Link } from './Link';
import { useDocumentTitle } from './router';

/** A screen that cannot be shown: an unknown address, or one for another role. */
function Elsewhere({ title, children }: { title: string; children: React.ReactNode }) {
  useDocumentTitle(title);
  return (
    <section className="elsewhere" aria-labelledby="elsewhere-title">
      <h1 id="elsewhere-title">{title}</h1>
      <p>{children}</p>
      <p className="elsewhere__ways">
        <Link to="/" className="btn btn--primary">
          Go to the calendar
        </Link>
        <button type="button" className="btn" onClick={() => window.history.back()}>
          Go back
        </button>
      </p>
    </section>
  );
}

/** An unknown address, or (`what` given) an item the API does not know: deleted, or a bad link. */
export function NotFound({ what }: { what?: string }) {
  return (
    <Elsewhere title="Page not found">
      {what
        ? `There is no ${what} with this number: it may have been deleted for good, or the link may be mistyped.`
        : 'No console page lives at this address. It may have moved, or the link may be mistyped.'}
    </Elsewhere>
  );
}

/**
 * The API's answer to a read of an item it does not know: 404 for an event (and any non-numeric
 * id), but 400 `rest_invalid_param` on `id` alone for venues, organizers, categories, tags and
 * users, as The Events Calendar answers (docs/contract/compat-notes.md §4.4). A 500 or a lost
 * connection is not an answer about the item.
 */
export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiFailure &&
  (error.status === 404 ||
    (error.status === 400 &&
      error.code === 'rest_invalid_param' &&
      Object.keys(error.fields).join() === 'id'));

export function Restricted({ role }: { role: 'administrator' | 'editor' }) {
  return role === 'administrator' ? (
    <Elsewhere title="Administrators only">
      This page is for the calendar’s administrators. Ask one of them if you need something changed
      here.
    </Elsewhere>
  ) : (
    <Elsewhere title="Editors and administrators only">
      This page is for editors and administrators. Ask one of them if you need something imported.
    </Elsewhere>
  );
}
