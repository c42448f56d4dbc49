import { ApiFailure, messageOf } from '../api/client';
import { plainMessage } from './plainErrors';

interface Props {
  error: unknown;
  title?: string;
  /** Say it in a planner's words (an editor's refused save), the server's own text beside it. */
  plain?: boolean;
}

/** A server or network error shown where it happened, with its code for reference. */
export function ErrorNote({ error, title, plain }: Props) {
  if (!error) return null;
  const message = messageOf(error);
  const words = plain ? plainMessage(error) : message;
  const code = error instanceof ApiFailure ? error.code : undefined;
  const status = error instanceof ApiFailure && error.status > 0 ? error.status : undefined;
  return (
    // Focusable from script only: a refused save moves the focus here (useErrorFocus).
    <div className="note note--error" role="alert" tabIndex={-1}>
      {title && <strong>{title} </strong>}
      {words}
      {words !== message && <small className="note__detail">{message}</small>}
      {code && (
        <small className="note__code">
          {status ? `${status} · ` : ''}
          {code}
        </small>
      )}
    </div>
  );
}
