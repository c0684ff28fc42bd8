import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { Button } from '@paddock/shared/ui';
import { setTutorialSkipped } from './tutorialSetting';
import styles from './MapTutorial.module.css';

/** The controls a step describes, marked in the page with `data-tour`. */
export type TourTarget = 'fields' | 'settings' | 'timeline' | 'legend' | 'actions' | 'controls';

interface Step {
  title: string;
  body: string[];
  target: TourTarget;
}

/** The selector of a step's target. */
export const tourSelector = (target: TourTarget) => `[data-tour="${target}"]`;

/** The guided tour of the farm map (spec 2 §2 Tutorial). */
export const TUTORIAL_STEPS: Step[] = [
  {
    title: 'Your fields',
    target: 'fields',
    body: [
      'The field menu on the left lists every field of this farm. Tick a field, or click it on the map, to select it.',
      'Add Field draws a new boundary or imports one; Edit Fields changes boundaries, names and crop types.',
    ],
  },
  {
    title: 'Layers and calculations',
    target: 'settings',
    body: [
      'Map settings choose the imagery: Standard Resolution satellite imagery, High Resolution imagery you ordered, Rapid-EM soil scans or your zone maps.',
      'The calculation turns the imagery into a map: NDVI for crop vigour, Colour to check for cloud and shadow. A crown marks the Advanced calculations.',
    ],
  },
  {
    title: 'Dates',
    target: 'timeline',
    body: [
      'The timeline at the bottom lists the capture dates of the selected fields, newest first, with the cloud cover inside the fields. A field opens on its latest clear date.',
      'Choose another date to draw its imagery. The arrows scroll the timeline, Older dates goes further back, and you can hide dates that are too cloudy.',
    ],
  },
  {
    title: 'Legend and season chart',
    target: 'legend',
    body: [
      'The legend shows the colours of the calculation with their values and unit, and the lowest, mean and highest value inside the fields. Absolute keeps NDVI 0–1 on every field; Relative spreads the colours over the field’s own range.',
      'With one field selected, the season chart shows how it compares with last season. Choose a point to open that date on the map.',
    ],
  },
  {
    title: 'Actions',
    target: 'actions',
    body: [
      'Actions orders high-resolution imagery, books the Rapid-EM machine, exports the map as a PDF (Advanced) and creates zones for variable-rate application.',
    ],
  },
  {
    title: 'Map controls',
    target: 'controls',
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

/** Room kept between the card, its target and the window's edges. */
const GAP = 12;
const CARD_WIDTH = 360;

interface Pointing {
  ring: CSSProperties;
  card: CSSProperties;
  side: 'right' | 'left' | 'above' | 'below';
}

/**
 * Where the card goes to point at a target: beside it when there is room (right of the field menu,
 * left of the map controls), else above or below it; the ring outlines the target. (A target not on
 * screen gets no pointing: the card stays in its default place.)
 */
export function pointAt(rect: DOMRect, viewport: { width: number; height: number }, cardHeight: number): Pointing {
  const ring: CSSProperties = {
    top: rect.top - 4,
    left: rect.left - 4,
    width: rect.width + 8,
    height: rect.height + 8,
  };
  const width = Math.min(CARD_WIDTH, viewport.width - 2 * GAP);
  const clampTop = (top: number) => Math.max(GAP, Math.min(top, viewport.height - cardHeight - GAP));
  const clampLeft = (left: number) => Math.max(GAP, Math.min(left, viewport.width - width - GAP));
  if (rect.right + GAP + width + GAP <= viewport.width && rect.width < viewport.width / 2)
    return { ring, side: 'right', card: { top: clampTop(rect.top), left: rect.right + GAP, width } };
  if (rect.left - GAP - width - GAP >= 0 && rect.width < viewport.width / 2)
    return { ring, side: 'left', card: { top: clampTop(rect.top), left: rect.left - GAP - width, width } };
  if (rect.top - GAP - cardHeight >= GAP)
    return { ring, side: 'above', card: { top: rect.top - GAP - cardHeight, left: clampLeft(rect.left), width } };
  return { ring, side: 'below', card: { top: clampTop(rect.bottom + GAP), left: clampLeft(rect.left), width } };
}

/** Follows the step's target on screen (window resizes and scrolls included). */
function usePointing(target: TourTarget | undefined, isOpen: boolean, card: RefObject<HTMLElement | null>) {
  const [pointing, setPointing] = useState<Pointing | null>(null);
  useLayoutEffect(() => {
    if (!isOpen || !target) return;
    const measure = () => {
      const element = document.querySelector(tourSelector(target));
      const rect = element?.getBoundingClientRect();
      if (!rect || (rect.width === 0 && rect.height === 0)) return setPointing(null);
      const viewport = { width: window.innerWidth, height: window.innerHeight };
      setPointing(pointAt(rect, viewport, card.current?.offsetHeight ?? 240));
    };
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [target, isOpen, card]);
  return isOpen && target ? pointing : null;
}

/**
 * The tour as a card over the map that leaves the map usable, beside the control each step
 * describes (outlined). 'Done', 'Skip tutorial' or Escape turn the tour off for later visits; the
 * last step's checkbox (ticked by default) decides what 'Done' keeps.
 */
export function MapTutorial({ isOpen, onClose }: MapTutorialProps) {
  const [index, setIndex] = useState(0);
  const [skipped, setSkipped] = useState(true);
  const headingId = useId();
  const checkboxId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const card = useRef<HTMLElement>(null);
  const step = TUTORIAL_STEPS[index] ?? TUTORIAL_STEPS[0];
  const last = index === TUTORIAL_STEPS.length - 1;
  const pointing = usePointing(step?.target, isOpen, card);

  useEffect(() => {
    if (isOpen) heading.current?.focus();
  }, [isOpen, index]);

  if (!isOpen || !step) return null;
  const close = () => {
    setIndex(0);
    setSkipped(true);
    onClose();
  };
  const skip = () => {
    setTutorialSkipped(true);
    close();
  };
  const done = () => {
    setTutorialSkipped(skipped);
    close();
  };

  return (
    <>
      {pointing && <div className={styles.ring} style={pointing.ring} aria-hidden="true" data-testid="tour-ring" />}
      <section
        ref={card}
        className={styles.tutorial}
        data-pointing={pointing?.side}
        style={pointing?.card}
        role="region"
        aria-labelledby={headingId}
        onKeyDown={(event) => event.key === 'Escape' && skip()}
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
              onChange={(event) => setSkipped(event.target.checked)}
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
          {last ? <Button onClick={done}>Done</Button> : <Button onClick={() => setIndex(index + 1)}>Next</Button>}
        </div>
      </section>
    </>
  );
}
