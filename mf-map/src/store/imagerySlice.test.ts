import { editor, storeWith } from '../testing/mapStore';
import { type MapLayerId } from './mapStore';

describe('map store, imagery slice: layers and calculations (spec 2 §4)', () => {
  it.each<[MapLayerId, string | null]>([
    ['standard', 'NDVI'],
    ['high_res', 'NDVI'],
    ['sensor_em', 'SHALLOW'],
    ['zoning', null],
  ])('selecting the %s layer clears the date and sets the algorithm to %s', (layer, algorithm) => {
    const store = storeWith(editor);
    store.getState().setSelectedDate('2024-05-01');
    store.getState().setAlgorithm('NDRE');
    store.getState().selectLayer(layer);
    expect(store.getState()).toMatchObject({
      selectedLayer: layer,
      selectedDate: null,
      selectedAlgorithm: algorithm,
    });
  });
});

describe('map store, imagery slice: leaving view', () => {
  it('drawing a field drops the date, loading state and export, and keeps the layer and calculation', () => {
    const store = storeWith(editor);
    const s = store.getState();
    s.selectLayer('high_res');
    s.setAlgorithm('COLOUR');
    s.setSelectedDate('2024-05-01');
    s.setRasterLoading(true);
    s.setExportMode(true);
    s.startDrawing(3);
    expect(store.getState()).toMatchObject({
      selectedLayer: 'high_res',
      selectedAlgorithm: 'COLOUR',
      selectedDate: null,
      rasterLoading: false,
      exportMode: false,
    });
  });
});
