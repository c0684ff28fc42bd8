import { isTutorialSkipped, readMaxCloud, setTutorialSkipped, TUTORIAL_SKIP_KEY, writeMaxCloud } from './storage';

beforeEach(() => window.localStorage.clear());

describe('browser settings', () => {
  it("skips the tutorial only when the flag equals '1'", () => {
    expect(isTutorialSkipped()).toBe(false);
    window.localStorage.setItem(TUTORIAL_SKIP_KEY, 'yes');
    expect(isTutorialSkipped()).toBe(false);
    setTutorialSkipped(true);
    expect(window.localStorage.getItem(TUTORIAL_SKIP_KEY)).toBe('1');
    expect(isTutorialSkipped()).toBe(true);
    setTutorialSkipped(false);
    expect(window.localStorage.getItem(TUTORIAL_SKIP_KEY)).toBeNull();
  });

  it('keeps the cloud limit of the timeline, and ignores nonsense', () => {
    expect(readMaxCloud()).toBeNull();
    writeMaxCloud(25);
    expect(readMaxCloud()).toBe(25);
    writeMaxCloud(null);
    expect(readMaxCloud()).toBeNull();
    window.localStorage.setItem('paddock:timeline-max-cloud', 'lots');
    expect(readMaxCloud()).toBeNull();
  });
});
