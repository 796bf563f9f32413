import { pageItems } from './pageItems';
import './Pagination.css';
import { useText } from '../../i18n/useText';

export interface PaginationProps {
  /** The current page, 1-based. */
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  className?: string;
}

/** Page navigation for a client-side paged list; renders nothing for a single page. */
export function Pagination({ page, pageCount, onChange, className }: PaginationProps) {
  const say = useText();
  if (pageCount <= 1) return null;
  const go = (target: number) => {
    if (target >= 1 && target <= pageCount && target !== page) onChange(target);
  };
  return (
    <nav
      className={['pagination', className].filter(Boolean).join(' ')}
      aria-label={say({ id: 'components.pagination.label', defaultMessage: 'Pagination' })}
    >
      <ul className="pagination__list">
        <li>
          <button
            type="button"
            className="pagination__button pagination__step"
            disabled={page <= 1}
            onClick={() => go(page - 1)}
          >
            <span aria-hidden="true">‹ </span>
            {say({ id: 'components.pagination.previous', defaultMessage: 'Previous' })}
          </button>
        </li>
        {pageItems(page, pageCount).map((item, index) =>
          item === 'gap' ? (
            // Gaps have no identity of their own; their position is their key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className="pagination__button"
                aria-current={item === page ? 'page' : undefined}
                aria-label={say(
                  { id: 'components.pagination.page', defaultMessage: 'Page {page}' },
                  { page: item },
                )}
                onClick={() => go(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className="pagination__button pagination__step"
            disabled={page >= pageCount}
            onClick={() => go(page + 1)}
          >
            {say({ id: 'components.pagination.next', defaultMessage: 'Next' })}
            <span aria-hidden="true"> ›</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
