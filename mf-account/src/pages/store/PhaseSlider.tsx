import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@paddock/shared/contracts';
import { AreaLink } from '../../components/AreaLink';
import { useAccount } from '../../context';
import styles from './Store.module.css';

/** Spec 3 §9: the slider moves on every 8000 ms. */
export const SLIDE_MS = 8000;

const stageNames = {
  store: ['Prepare', 'Growing', 'Prescribe', 'Harvest'],
  calculations: ['Prepare Soil', 'Grow & Monitor', 'Prescribe & VRT', 'Harvest & Review'],
} as const;

interface Phase {
  product: string;
  text: string;
  actions: ReactNode;
  art: string;
}

function usePhases(): Phase[] {
  const { config } = useAccount();
  const contact = (
    <a className={styles.buttonLink} href={`mailto:${config.supportEmail}`}>
      Contact Us
    </a>
  );
  return [
    {
      product: 'Stack',
      text: 'Before sowing, bring soil surveys, past imagery and yield together to see where each paddock is heading.',
      actions: contact,
      art: 'prepare',
    },
    {
      product: 'High Resolution Imagery',
      text: 'While the crop grows, sharp captures show stress early, paddock by paddock, week after week.',
      actions: (
        <>
          <AreaLink className={styles.buttonLink} to={paths.orderHighResImagery}>
            Order Now
          </AreaLink>
          <Link className={styles.secondaryLink} to={paths.storeHighResImagery}>
            Learn More
          </Link>
        </>
      ),
      art: 'grow',
    },
    {
      product: 'Variable Rate Application',
      text: 'Turn what the imagery shows into prescription maps your spreader and sprayer can follow.',
      actions: contact,
      art: 'prescribe',
    },
    {
      product: 'Yield Analysis',
      text: 'After harvest, compare yield with the season’s imagery and plan the next one on facts.',
      actions: contact,
      art: 'harvest',
    },
  ];
}

const prefersReducedMotion = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Spec 3 §2.12: four phase cards that fade from one to the next every 8000 ms. Pausable (button,
 * hover, keyboard focus inside), with previous/next and one button per phase; arrow keys move between
 * phases. Users who ask for reduced motion get no autoplay and no fade.
 */
export function PhaseSlider({ variant = 'store' }: { variant?: keyof typeof stageNames }) {
  const phases = usePhases();
  const names = stageNames[variant];
  const [index, setIndex] = useState(0);
  const [reduced] = useState(prefersReducedMotion);
  const [playing, setPlaying] = useState(!reduced);
  const [held, setHeld] = useState(false);
  const count = phases.length;
  const running = playing && !held;

  useEffect(() => {
    if (!running) return undefined;
    const timer = window.setTimeout(() => setIndex((current) => (current + 1) % count), SLIDE_MS);
    return () => window.clearTimeout(timer);
  }, [running, index, count]);

  const go = (next: number) => setIndex(((next % count) + count) % count);

  return (
    <section
      className={styles.slider}
      aria-roledescription="carousel"
      aria-label="Phase slides"
      data-reduced-motion={reduced || undefined}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') go(index + 1);
        else if (event.key === 'ArrowLeft') go(index - 1);
        else return;
        event.preventDefault();
      }}
    >
      <div className={styles.sliderControls}>
        <button
          type="button"
          className={styles.sliderButton}
          onClick={() => setPlaying((value) => !value)}
          aria-label={playing ? 'Pause the slides' : 'Play the slides'}
        >
          {playing ? '❚❚' : '▶'}
        </button>
        <div className={styles.stages} role="group" aria-label="Phases">
          {names.map((name, i) => (
            <button
              key={name}
              type="button"
              className={styles.stage}
              aria-current={i === index ? 'step' : undefined}
              aria-label={`Show ${name}`}
              onClick={() => go(i)}
            >
              {name}
            </button>
          ))}
        </div>
        <div className={styles.arrows}>
          <button
            type="button"
            className={styles.sliderButton}
            onClick={() => go(index - 1)}
            aria-label="Previous phase"
          >
            ‹
          </button>
          <button type="button" className={styles.sliderButton} onClick={() => go(index + 1)} aria-label="Next phase">
            ›
          </button>
        </div>
      </div>
      <div className={styles.slides} aria-live={running ? 'off' : 'polite'}>
        {phases.map((phase, i) => (
          <div
            key={phase.product}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}: ${names[i]}`}
            className={styles.slide}
            data-active={i === index || undefined}
            aria-hidden={i !== index || undefined}
            inert={i !== index}
          >
            <div className={styles.slideArt} data-art={phase.art} aria-hidden="true" />
            <div className={styles.slideBody}>
              <p className={styles.eyebrow}>{names[i]}</p>
              <h3 className={styles.slideTitle}>{phase.product}</h3>
              <p>{phase.text}</p>
              <div className={styles.slideActions}>{phase.actions}</div>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
