import { useState } from 'react';
import { Button } from '@paddock/shared/ui';
import { AppModal } from '@paddock/shared/ui/modal';
import controls from '../controls.module.css';
import styles from './TutorialDialog.module.css';

interface Step {
  title: string;
  body: string[];
}

/** A short tour of the farm map's own controls; the imagery steps join it with the layers. */
export const TUTORIAL_STEPS: Step[] = [
  {
    title: 'Your fields',
    body: [
      'The field menu on the left lists every field of this farm with its area and crop type.',
      'Search it by name, tick a field to select it on the map, or click a field on the map itself.',
    ],
  },
  {
    title: 'Drawing and editing fields',
    body: [
      'Add Field → Draw Field starts a new boundary: click the map at each corner and double-click to close it. Its length and area show as you draw.',
      'Edit Fields opens the Boundaries toolbar: click a field to drag its corners, then Finish Editing and fill in the Field Details to save.',
      'Corners snap to the edges of neighbouring fields, so shared fences line up.',
    ],
  },
  {
    title: 'Map controls',
    body: [
      'On the right: zoom in and out, turn the map back to north, and show your own location.',
      'The measure tools draw a line (in km) or an area (in ha); the eraser removes the measurements.',
      'The scale bar and the pointer’s coordinates sit in the bottom-right corner.',
    ],
  },
  {
    title: 'Search and farm options',
    body: [
      'The search box at the top right finds a field by name and zooms to it.',
      'The ⋯ menu beside it renames or deletes the farm, invites collaborators, and brings this tour back.',
    ],
  },
];

/** More-menu → View Tutorial: a step-by-step tour of the map, skippable at any step. */
export function TutorialDialog({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const [index, setIndex] = useState(0);
  const step = TUTORIAL_STEPS[index] ?? TUTORIAL_STEPS[0];
  const last = index === TUTORIAL_STEPS.length - 1;
  const close = () => {
    setIndex(0);
    onClose();
  };
  if (!step) return null;
  return (
    <AppModal title={`Tutorial: ${step.title}`} isOpen={isOpen} onOpenChange={(open) => !open && close()}>
      <div className={controls.stack}>
        <p className={styles.progress}>Step {index + 1} of {TUTORIAL_STEPS.length}</p>
        {step.body.map((paragraph) => <p key={paragraph} className={controls.text}>{paragraph}</p>)}
        <div className={styles.actions}>
          {!last && <Button variant="secondary" onClick={close}>Skip tutorial</Button>}
          <span className={styles.spacer} />
          {index > 0 && <Button variant="secondary" onClick={() => setIndex(index - 1)}>Back</Button>}
          {last ? <Button onClick={close}>Done</Button> : <Button onClick={() => setIndex(index + 1)}>Next</Button>}
        </div>
      </div>
    </AppModal>
  );
}
