import { paths } from '@paddock/shared/contracts';
import { Link } from './Link';
import styles from './shell.module.css';

export function NotFound() {
  return (
    <section className={styles.notFound} aria-labelledby="not-found-title">
      <h1 id="not-found-title">Error 404</h1>
      <p>We couldn't find that page. It may have moved, or the address may be mistyped.</p>
      <Link href={paths.farms} className={styles.homeLink}>
        Return to Home
      </Link>
    </section>
  );
}
