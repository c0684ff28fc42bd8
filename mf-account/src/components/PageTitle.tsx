import styles from './PageTitle.module.css';

/** Placeholder heading for screens that later issues build out. */
export function PageTitle({ title }: { title: string }) {
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
    </section>
  );
}
