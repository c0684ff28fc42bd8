import { useEffect, useState } from 'react';
import { paths } from '@paddock/shared/contracts';
import { AreaLink } from '../../components/AreaLink';
import { activeSection, SECTION_THRESHOLDS, type SectionId } from './scrollSpy';
import styles from './Marketing.module.css';

const labels: Record<SectionId, string> = {
  introduction: 'Introduction',
  'how-it-works': 'How it works',
  'best-time-to-order': 'Best time to order',
};

const scale = [
  { name: 'Good', colour: 'Blue', swatch: '#2b6cb0' },
  { name: 'Average', colour: 'Green', swatch: '#38a169' },
  { name: 'Fair', colour: 'Yellow', swatch: '#ecc94b' },
  { name: 'Poor', colour: 'Red', swatch: '#e53e3e' },
];

/**
 * Spec 3 §2.12: the high-resolution imagery guide. The side navigation follows the scroll position
 * (thresholds 911, 1400 and 2400 px) and a click takes the reader to its section.
 */
export function HighResolutionImageryPage() {
  const [active, setActive] = useState<SectionId | null>(() => activeSection(window.scrollY));

  useEffect(() => {
    const onScroll = () => setActive(activeSection(window.scrollY));
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const jump = (id: SectionId) => {
    setActive(id);
    document.getElementById(id)?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <p className={styles.eyebrow}>Guides &amp; Resources</p>
        <h1 className={styles.headline}>See every paddock up close, all season long</h1>
        <p className={styles.lead}>
          High-resolution satellite imagery shows differences in your crop that a drive past the fence never will.
        </p>
        <AreaLink className={styles.cta} to={paths.orderHighResImagery}>
          Get Started
        </AreaLink>
      </header>

      <div className={styles.layout}>
        <nav className={styles.sideNav} aria-label="On this page">
          <ul>
            {SECTION_THRESHOLDS.map(({ id }) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  aria-current={active === id ? 'location' : undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    jump(id);
                  }}
                >
                  {labels[id]}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className={styles.content}>
          <section id="introduction" className={styles.section} aria-labelledby="introduction-title">
            <h2 id="introduction-title">Introduction</h2>
            <p>
              Free satellite imagery is captured every few days at 10 m per pixel: enough to see a paddock, not the rows
              in it. High-resolution captures go down to 80 cm, so a wet corner, a blocked nozzle or a patch of disease
              stands out weeks before it costs you.
            </p>
            <p>
              Each capture is processed into vegetation layers and delivered to your farm map, ready to compare with
              earlier dates and with your own notes.
            </p>
          </section>

          <section id="how-it-works" className={styles.section} aria-labelledby="how-title">
            <h2 id="how-title">How it works</h2>
            <ol className={styles.steps}>
              <li>Select the farm and the fields you want captured.</li>
              <li>Choose the product for your crop and how many captures you need.</li>
              <li>Pick the capture window. Imagery typically starts 10–14 days after the order.</li>
              <li>Pay by card, or by invoice when your account allows it.</li>
              <li>Each capture appears on your map as soon as it is processed.</li>
            </ol>
            <h3>Reading the colours</h3>
            <ul className={styles.scale} aria-label="Colour scale">
              {scale.map((item) => (
                <li key={item.name}>
                  <span className={styles.swatch} style={{ background: item.swatch }} aria-hidden="true" />
                  {item.name}-{item.colour}
                </li>
              ))}
            </ul>
            <h3>What low values can mean</h3>
            <ul className={styles.causes}>
              <li>Nutrient deficiency</li>
              <li>Disease or pests</li>
              <li>Poorer growing conditions (soil, water, compaction)</li>
              <li>Frost or hail damage</li>
            </ul>
          </section>

          <section id="best-time-to-order" className={styles.section} aria-labelledby="best-title">
            <h2 id="best-title">Best time to order</h2>
            <p>
              Order before the growth stages that drive your decisions: early tillering for nitrogen, flowering for
              disease and frost checks, and grain fill for yield estimates. Captures over three months or more give the
              clearest picture of how the season unfolds.
            </p>
            <p>
              If we cannot reach the number of captures you ordered, for example after a long cloudy spell, you get a
              partial refund.
            </p>
            <AreaLink className={styles.cta} to={paths.orderHighResImagery}>
              Order Imagery
            </AreaLink>
          </section>
        </div>
      </div>

      <footer className={styles.footer}>© {new Date().getFullYear()} Paddock. All rights reserved.</footer>
    </div>
  );
}
