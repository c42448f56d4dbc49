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

export function NotFound() {
  return (
    <Elsewhere title="Page not found">
      No console page lives at this address. It may have moved, or the link may be mistyped.
    </Elsewhere>
  );
}

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
