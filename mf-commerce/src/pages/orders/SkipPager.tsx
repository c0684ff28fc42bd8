import { Button } from '@paddock/shared/ui';
import styles from './OrdersPage.module.css';

interface SkipPagerProps {
  /** Names the navigation landmark, e.g. 'Order pages'. */
  label: string;
  skip: number;
  pageSize: number;
  /** The list's page facts as the API gives them. */
  pages: { total_count: number };
  onSkip(skip: number): void;
}

/** Previous, 'Page n of m' and Next under a table the API pages by skip and limit. */
export function SkipPager({ label, skip, pageSize, pages, onSkip }: SkipPagerProps) {
  const page = Math.floor(skip / pageSize) + 1;
  const totalPages = Math.max(1, Math.ceil(pages.total_count / pageSize));
  return (
    <nav className={styles.pager} aria-label={label}>
      <Button variant="secondary" disabled={skip === 0} onClick={() => onSkip(Math.max(0, skip - pageSize))}>
        Previous
      </Button>
      <span aria-live="polite">
        Page {page} of {totalPages}
      </span>
      <Button
        variant="secondary"
        disabled={skip + pageSize >= pages.total_count}
        onClick={() => onSkip(skip + pageSize)}
      >
        Next
      </Button>
    </nav>
  );
}
