import { canDeletePost } from '../../../shared/roles';
import { ApiFailure } from '../api/client';
import type { Kind } from '../api/resources';
import { Link } from '../app/Link';
import { isNotFound, NotFound } from '../app/NotFound';
import { useAuth } from '../app/auth';
import { ErrorNote } from './ErrorNote';
import { LifecycleButton, useLifecycle } from './LifecycleActions';
import { PageHeader } from './PageHeader';
import { useT } from '../i18n';

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
  const t = useT();
  const mayDelete =
    user !== null &&
    canDeletePost(
      { id: user.id, role: user.role },
      // Its status before the trash is not known here; the server checks the real one.
      { author: author === undefined ? user.id : Number(author), status: 'draft' },
    );
  return (
    <section className="note note--warning trashed-banner" aria-labelledby={`trashed-${id}`}>
      <h2 id={`trashed-${id}`}>{t('resourceEditor.inTrash')}</h2>
      <p>{t(mayDelete ? `resource.${kind}.trashedTextDelete` : `resource.${kind}.trashedText`)}</p>
      <ErrorNote error={actions.error} />
      <div className="form-actions">
        <LifecycleButton
          actions={actions}
          action="restore"
          variant="primary"
          label={t('bulk.restore')}
        />
        {mayDelete && (
          <LifecycleButton
            actions={actions}
            action="forever"
            variant="danger"
            label={t('resourceEditor.deleteForever')}
          />
        )}
      </div>
    </section>
  );
}

export function LoadFailure({ kind, id, error }: { kind: Kind; id: number; error: unknown }) {
  const t = useT();
  if (isNotFound(error)) return <NotFound what={kind} />;
  if (!isTrashedError(error))
    return <ErrorNote error={error} title={t(`resource.${kind}.loadOneFailed`)} />;
  return (
    <>
      <PageHeader
        title={t(`resource.${kind}.trashedTitle`)}
        actions={<Link to={`/${kind}`}>{t(`resource.${kind}.all`)}</Link>}
      />
      <TrashedBanner kind={kind} id={id} />
    </>
  );
}
