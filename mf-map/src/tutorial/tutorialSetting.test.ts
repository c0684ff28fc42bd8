import { isTutorialSkipped, setTutorialSkipped, TUTORIAL_SKIP_KEY } from './tutorialSetting';

beforeEach(() => window.localStorage.clear());

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
