import { ApiFailure } from '../api/client';
import { Link } from './Link';
import { useDocumentTitle } from './router';
import { t as translate, useT } from '../i18n';
import type { Kind } from '../api/resources';

/** A screen that cannot be shown: an unknown address, or one for another role. */
function Elsewhere({ title, children }: { title: string; children: React.ReactNode }) {
  const t = useT();
  useDocumentTitle(title);
  return (
    <section className="elsewhere" aria-labelledby="elsewhere-title">
      <h1 id="elsewhere-title">{title}</h1>
      <p>{children}</p>
      <p className="elsewhere__ways">
        <Link to="/" className="btn btn--primary">
          {t('elsewhere.toCalendar')}
        </Link>
        <button type="button" className="btn" onClick={() => window.history.back()}>
          {t('elsewhere.goBack')}
        </button>
      </p>
    </section>
  );
}

/** An unknown address, or (`what` given) an item the API does not know: deleted, or a bad link. */
export function NotFound({ what }: { what?: Kind | 'users' }) {
  return (
    <Elsewhere title={translate('elsewhere.notFound')}>
      {what ? translate(`elsewhere.noItem.${what}`) : translate('elsewhere.noPage')}
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
    <Elsewhere title={translate('elsewhere.adminsOnly')}>
      {translate('elsewhere.adminsOnlyText')}
    </Elsewhere>
  ) : (
    <Elsewhere title={translate('elsewhere.editorsOnly')}>
      {translate('elsewhere.editorsOnlyText')}
    </Elsewhere>
  );
}
