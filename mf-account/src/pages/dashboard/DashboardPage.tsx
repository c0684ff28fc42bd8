import { useAccountStore } from '../../context';
import { greetingName } from '../../lib/profile';
import styles from './Dashboard.module.css';

/** Spec 3 §2.5, first part: the title and the welcome banner. Favourites, totals and the rest follow. */
export function DashboardPage() {
  const account = useAccountStore((state) => state.profile.account);
  const user = useAccountStore((state) => state.user);
  const name = greetingName(account, user);

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Dashboard</h1>
      <section className={styles.banner} aria-labelledby="dashboard-welcome">
        <h2 id="dashboard-welcome" className={styles.welcome}>
          {name ? `Welcome, ${name}` : 'Welcome'}
        </h2>
        <p className={styles.lead}>Your farms, imagery, orders and bookings, all in one place.</p>
      </section>
    </div>
  );
}
