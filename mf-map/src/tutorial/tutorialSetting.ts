import { readSetting, writeSetting } from '../settings';

/** Spec 2 §2: the tutorial runs unless this equals '1'. */
export const TUTORIAL_SKIP_KEY = 'paddock:map-tutorial-skip';

export const isTutorialSkipped = (): boolean => readSetting(TUTORIAL_SKIP_KEY) === '1';
export const setTutorialSkipped = (skipped: boolean): void => writeSetting(TUTORIAL_SKIP_KEY, skipped ? '1' : null);
