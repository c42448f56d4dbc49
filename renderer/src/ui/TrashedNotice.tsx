import { canDeletePost } from '../../../shared/roles';
import { ApiFailure } from '../api/client';
import { RESOURCE, type Kind } from '../api/resources';
import { Link } from '../app/Link';
import { isNotFound, NotFound } from '../app/NotFound';
import { useAuth } from '../app/auth';
import { ErrorNote } from './ErrorNote';
import { LifecycleButton, useLifecycle } from './LifecycleActions';
import { PageHeader } from './PageHeader';

/** The API refuses to read a trashed event (docs/contract/compat-notes.md §4.3); it can still be restored. */
export function isTrashedError(error: unknown): boolean {
  return error instanceof ApiFailure && error.code.endsWith('no-longer-available');
}

interface BannerProps {
  kind: Kind;
  id: number;
  /** The item's author (the API's string or number); undefined when not known. */
  author?: string | number | undefined;
}

/**
 * Says that an item is in the trash and offers its way out: Restore, and Delete permanently for
 * those the server lets delete it (the author's own items, or editors and administrators).
 */
export function TrashedBanner({ kind, id, author }: BannerProps) {
  const { user } = useAuth();
  const actions = useLifecycle({ kind, id });
  const noun = RESOURCE[kind].singular;
  const mayDelete =
    user !== null &&
    canDeletePost(
      { id: user.id, role: user.role },
      // Its status before the trash is not known here; the server checks the real one.
      { author: author === undefined ? user.id : Number(author), status: 'draft' },
    );
  return (
    <section className="note note--warning trashed-banner" aria-labelledby={`trashed-${id}`}>
      <h2 id={`trashed-${id}`}>In the trash</h2>
      <p>
        This {noun} is in the trash: it is hidden everywhere and cannot be edited. Restore it to
        edit it again{mayDelete ? ', or delete it permanently' : ''}.
      </p>
      <ErrorNote error={actions.error} />
      <div className="form-actions">
        <LifecycleButton actions={actions} action="restore" variant="primary" label="Restore" />
        {mayDelete && (
          <LifecycleButton
            actions={actions}
            action="forever"
            variant="danger"
            label="Delete permanently"
          />
        )}
      </div>
    </section>
  );
}

export function LoadFailure({ kind, id, error }: { kind: Kind; id: number; error: unknown }) {
  const info = RESOURCE[kind];
  if (isNotFound(error)) return <NotFound what={kind} />;
  if (!isTrashedError(error))
    return <ErrorNote error={error} title={`Could not load this ${info.singular}.`} />;
  return (
    <>
      <PageHeader
        title={`This ${info.singular} is in the trash`}
        actions={<Link to={`/${kind}`}>← All {info.plural}</Link>}
      />
      <TrashedBanner kind={kind} id={id} />
    </>
  );
}
