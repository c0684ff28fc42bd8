import { createMapStore } from '../store';
import { keepMeasureModeInStorage, MEASURE_STORAGE_KEY } from './measureStorage';

describe('measure tool state in local storage', () => {
  beforeEach(() => window.localStorage.clear());

  it('is cleared on load, then follows the tool', () => {
    window.localStorage.setItem(MEASURE_STORAGE_KEY, 'area');
    const store = createMapStore();
    const stop = keepMeasureModeInStorage(store);
    expect(window.localStorage.getItem(MEASURE_STORAGE_KEY)).toBeNull();

    store.getState().setMeasureMode('line');
    expect(window.localStorage.getItem(MEASURE_STORAGE_KEY)).toBe('line');
    store.getState().setMeasureMode(null);
    expect(window.localStorage.getItem(MEASURE_STORAGE_KEY)).toBeNull();

    stop();
    store.getState().setMeasureMode('area');
    expect(window.localStorage.getItem(MEASURE_STORAGE_KEY)).toBeNull();
  });
});
