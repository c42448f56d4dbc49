import { ApiFailure, messageOf } from '../api/client';

/** A server or network error shown where it happened, with its code for reference. */
export function ErrorNote({ error, title }: { error: unknown; title?: string }) {
  if (!error) return null;
  const code = error instanceof ApiFailure ? error.code : undefined;
  const status = error instanceof ApiFailure && error.status > 0 ? error.status : undefined;
  return (
    <div className="note note--error" role="alert">
      {title && <strong>{title} </strong>}
      {messageOf(error)}
      {code && (
        <small className="note__code">
          {status ? `${status} · ` : ''}
          {code}
        </small>
      )}
    </div>
  );
}
