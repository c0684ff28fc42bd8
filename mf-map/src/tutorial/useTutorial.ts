import { useCallback, useState } from 'react';
import { useMapStore } from '../store';
import { isTutorialSkipped } from './tutorialSetting';

/**
 * The tour's open state: it starts open on a visit unless the user turned it off (spec 2 §2). It
 * tours view mode, so it closes once the user moves on to drawing, editing or zoning.
 */
export function useTutorial() {
  const mode = useMapStore((s) => s.mode);
  const [open, setOpen] = useState(() => !isTutorialSkipped());
  const [seenMode, setSeenMode] = useState(mode);
  if (mode !== seenMode) {
    setSeenMode(mode);
    if (mode !== 'view') setOpen(false);
  }

  const show = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  return { isOpen: open && mode === 'view', show, close };
}
