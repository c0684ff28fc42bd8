import { readMaxCloud, writeMaxCloud } from './maxCloud';

beforeEach(() => window.localStorage.clear());

it('keeps the cloud limit of the timeline, and ignores nonsense', () => {
  expect(readMaxCloud()).toBeNull();
  writeMaxCloud(25);
  expect(readMaxCloud()).toBe(25);
  writeMaxCloud(null);
  expect(readMaxCloud()).toBeNull();
  window.localStorage.setItem('paddock:timeline-max-cloud', 'lots');
  expect(readMaxCloud()).toBeNull();
});
