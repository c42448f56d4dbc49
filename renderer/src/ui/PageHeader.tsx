import type { ReactNode } from 'react';
import { useDocumentTitle, useLocation } from '../app/router';
import { useT } from '../i18n';

/** An item's own page (`/events/12`), whose header is the item's name. */
const ITEM_PAGE = /^\/(events|venues|organizers|categories|tags|admin\/users)\/\d+$/;

export function PageHeader({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const t = useT();
  const { path } = useLocation();
  // The window title and history name the screen: "Events — Almanac", "Edit: Jazz — Almanac".
  useDocumentTitle(ITEM_PAGE.test(path) ? t('app.editTitle', { title }) : title);
  return (
    <header className="page-header">
      <div>
        <h1>{title}</h1>
        {children && <p className="page-header__lead">{children}</p>}
      </div>
      {actions && <div className="page-header__actions">{actions}</div>}
    </header>
  );
}
