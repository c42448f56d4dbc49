import { Button } from './Button';

interface Props {
  page: number;
  totalPages: number;
  total: number;
  onPage(page: number): void;
  noun: string;
  singular?: string;
}

export function Pager({ page, totalPages, total, onPage, noun, singular }: Props) {
  return (
    <nav className="pager" aria-label={`${noun} pages`}>
      <span className="pager__total">
        {total} {total === 1 && singular ? singular : noun}
      </span>
      <Button
        small
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label="Previous page"
      >
        <span aria-hidden="true">‹ </span>
        Previous
      </Button>
      <span aria-current="page">
        Page {totalPages === 0 ? 0 : page} of {totalPages}
      </span>
      <Button
        small
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
        aria-label="Next page"
      >
        Next
        <span aria-hidden="true"> ›</span>
      </Button>
    </nav>
  );
}
