import type { ReactNode } from 'react';
import styles from './OnboardingLayout.module.css';

/** The single centred card of the onboarding screens. */
export function OnboardingLayout({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="onboarding-title">
        <p className={styles.eyebrow}>Welcome to Paddock</p>
        <h1 id="onboarding-title" className={styles.title}>
          {title}
        </h1>
        <p className={styles.intro}>{intro}</p>
        {children}
      </section>
    </div>
  );
}
