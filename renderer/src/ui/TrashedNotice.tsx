import { ApiFailure } from '../api/client';
import { RESOURCE, type Kind } from '../api/resources';
import { Link } from '../app/Link';
import { ErrorNote } from './ErrorNote';
import { LifecycleActions } from './LifecycleActions';
import { PageHeader } from './PageHeader';

/** The API refuses to read a trashed event (docs/contract/compat-notes.md §4.3); it can still be restored. */
export function isTrashedError(error: unknown): boolean {
  return error instanceof ApiFailure && error.code.endsWith('no-longer-available');
}

export function LoadFailure({ kind, id, error }: { kind: Kind; id: number; error: unknown }) {
  const info = RESOURCE[kind];
  if (!isTrashedError(error))
    return <ErrorNote error={error} title={`Could not load this ${info.singular}.`} />;
  return (
    <>
      <PageHeader
        title={`This ${info.singular} is in the trash`}
        actions={<Link to={`/${kind}`}>← All {info.plural}</Link>}
      >
        Restore it to edit it again, or delete it for good.
      </PageHeader>
      <LifecycleActions kind={kind} id={id} status="trash" />
    </>
  );
}
