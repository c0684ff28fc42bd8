import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@paddock/shared/ui';
import { isTutorialSkipped, setTutorialSkipped } from './tutorialSetting';
import styles from './MapTutorial.module.css';

interface Step {
  title: string;
  body: string[];
}

/** The guided tour of the farm map (spec 2 §2 Tutorial). */
export const TUTORIAL_STEPS: Step[] = [
  {
    title: 'Your fields',
    body: [
      'The field menu on the left lists every field of this farm. Tick a field, or click it on the map, to select it.',
      'Add Field draws a new boundary or imports one; Edit Fields changes boundaries, names and crop types.',
    ],
  },
  {
    title: 'Layers and calculations',
    body: [
      'Map settings choose the imagery: Standard Resolution satellite imagery, High Resolution imagery you ordered, Rapid-EM soil scans or your zone maps.',
      'The calculation turns the imagery into a map: NDVI for crop vigour, Colour to check for cloud and shadow. A crown marks the Advanced calculations.',
    ],
  },
  {
    title: 'Dates',
    body: [
      'The timeline at the bottom lists the capture dates of the selected fields, newest first, with the cloud cover inside the fields.',
      'Choose a date to draw its imagery. The arrows scroll the timeline, Older dates goes further back, and you can hide dates that are too cloudy.',
    ],
  },
  {
    title: 'Legend and season chart',
    body: [
      'The legend shows the colours of the calculation with the lowest, mean and highest value inside the fields.',
      'With one field selected, the season chart shows how it compares with last season. Choose a point to open that date on the map.',
    ],
  },
  {
    title: 'Actions',
    body: [
      'Actions orders high-resolution imagery, books the Rapid-EM machine, exports the map as a PDF (Advanced) and creates zones for variable-rate application.',
    ],
  },
  {
    title: 'Map controls',
    body: [
      'On the right: zoom, turn the map back to north, show your location and measure distances or areas.',
      'The ⋯ menu at the top right renames or deletes the farm, invites collaborators and brings this tour back.',
    ],
  },
];

interface MapTutorialProps {
  isOpen: boolean;
  onClose(): void;
}

/**
 * The tour as a card over the map that leaves the map usable. Skipping turns the tour off for
 * later visits; the last step's checkbox turns it on or off.
 */
export function MapTutorial({ isOpen, onClose }: MapTutorialProps) {
  const [index, setIndex] = useState(0);
  const [skipped, setSkipped] = useState(isTutorialSkipped);
  const headingId = useId();
  const checkboxId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const step = TUTORIAL_STEPS[index] ?? TUTORIAL_STEPS[0];
  const last = index === TUTORIAL_STEPS.length - 1;

  useEffect(() => {
    if (isOpen) heading.current?.focus();
  }, [isOpen, index]);

  if (!isOpen || !step) return null;
  const close = () => {
    setIndex(0);
    onClose();
  };
  const skip = () => {
    setTutorialSkipped(true);
    setSkipped(true);
    close();
  };
  const toggleSkip = (next: boolean) => {
    setTutorialSkipped(next);
    setSkipped(next);
  };

  return (
    <section
      className={styles.tutorial}
      role="region"
      aria-labelledby={headingId}
      onKeyDown={(event) => event.key === 'Escape' && close()}
    >
      <p className={styles.tutorialProgress}>
        Tutorial · Step {index + 1} of {TUTORIAL_STEPS.length}
      </p>
      <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.tutorialTitle}>
        {step.title}
      </h2>
      {step.body.map((paragraph) => (
        <p key={paragraph} className={styles.tutorialText}>
          {paragraph}
        </p>
      ))}
      {last && (
        <label htmlFor={checkboxId} className={styles.tutorialCheck}>
          <input
            id={checkboxId}
            type="checkbox"
            checked={skipped}
            onChange={(event) => toggleSkip(event.target.checked)}
          />
          Don&apos;t show this tutorial again
        </label>
      )}
      <div className={styles.tutorialActions}>
        {!last && (
          <Button variant="secondary" onClick={skip}>
            Skip tutorial
          </Button>
        )}
        <span className={styles.spacer} />
        {index > 0 && (
          <Button variant="secondary" onClick={() => setIndex(index - 1)}>
            Back
          </Button>
        )}
        {last ? <Button onClick={close}>Done</Button> : <Button onClick={() => setIndex(index + 1)}>Next</Button>}
      </div>
    </section>
  );
}
