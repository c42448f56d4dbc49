import { Link } from './Link';

export function NotFound() {
  return (
    <section className="empty">
      <h1>Page not found</h1>
      <p>
        This console page does not exist. <Link to="/">Back to the calendar</Link>
      </p>
    </section>
  );
}
