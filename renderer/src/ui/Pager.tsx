import { useT } from '../i18n';
import { Button } from './Button';

interface Props {
  page: number;
  totalPages: number;
  onPage(page: number): void;
  /** What the pages are of, for assistive tech ("Events pages"). */
  label: string;
  /** The count of items in all pages ("12 events"). */
  totalText: string;
}

export function Pager({ page, totalPages, onPage, label, totalText }: Props) {
  const t = useT();
  return (
    <nav className="pager" aria-label={label}>
      <span className="pager__total">{totalText}</span>
      <Button
        small
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={t('pager.previousPage')}
      >
        <span aria-hidden="true">‹ </span>
        {t('common.previous')}
      </Button>
      <span aria-current="page">
        {t('pager.position', { page: totalPages === 0 ? 0 : page, total: totalPages })}
      </span>
      <Button
        small
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
        aria-label={t('pager.nextPage')}
      >
        {t('common.next')}
        <span aria-hidden="true"> ›</span>
      </Button>
    </nav>
  );
}
