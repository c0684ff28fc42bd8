import { makeField } from '../testing/fixtures';
import { advancedEditor, editor, storeWith, threeFields as fields } from '../testing/mapStore';
import { createMapStore, type MapLayerId } from './mapStore';

describe('map store, zoning slice (spec 1 §4.3–4.4, spec 2 §9)', () => {
  it.each<MapLayerId>(['high_res', 'zoning'])(
    'entering zoning from %s resets the layer to standard and clears the date',
    (layer) => {
      const store = storeWith(editor);
      store.getState().selectLayer(layer);
      store.getState().setSelectedDate('2024-05-01');
      store.getState().setMode('zoning');
      expect(store.getState()).toMatchObject({
        mode: 'zoning',
        selectedLayer: 'standard',
        selectedAlgorithm: 'NDVI',
        selectedDate: null,
      });
    },
  );

  it('entering zoning from the standard or sensor layer keeps the layer, its date and its algorithm', () => {
    const store = storeWith(editor);
    store.getState().selectLayer('sensor_em');
    store.getState().setSelectedDate('2024-05-01');
    store.getState().setMode('zoning');
    expect(store.getState()).toMatchObject({
      selectedLayer: 'sensor_em',
      selectedDate: '2024-05-01',
      selectedAlgorithm: 'SHALLOW',
      selectionLocked: false,
    });
  });

  it('keeps the zone transparency between 0 and 1', () => {
    const store = createMapStore();
    store.getState().setZoneTransparency(0.4);
    expect(store.getState().zoneTransparency).toBe(0.4);
    store.getState().setZoneTransparency(3);
    expect(store.getState().zoneTransparency).toBe(1);
    store.getState().setZoneTransparency(-1);
    expect(store.getState().zoneTransparency).toBe(0);
  });

  it('in zoning a field of 800 ha or more cannot be selected', () => {
    const sizes = [makeField('small', { area: 799.99 }), makeField('big', { area: 800 }, 1)];
    const store = storeWith(advancedEditor, sizes);
    store.getState().setMode('zoning');
    store.getState().toggleField('big', sizes);
    store.getState().toggleField('small', sizes);
    store.getState().selectAll(['big', 'small'], sizes);
    expect(store.getState().selectedFields).toEqual(['small']);
    store.getState().setMode('view');
    store.getState().toggleField('big', sizes);
    expect(store.getState().selectedFields).toEqual(['small', 'big']);
  });

  it('once zoning has started the selection is locked in zoning and edit-zone', () => {
    const store = storeWith(advancedEditor);
    store.getState().setMode('zoning');
    store.getState().toggleField('x1', fields);
    store.getState().lockSelection(true);
    store.getState().toggleField('x2', fields);
    store.getState().toggleField('x1', fields);
    store.getState().setSelection(['x3'], fields);
    store.getState().clearSelection();
    expect(store.getState().selectedFields).toEqual(['x1']);
    store.getState().setMode('edit-zone');
    store.getState().toggleField('x2', fields);
    expect(store.getState().selectedFields).toEqual(['x1']);
  });

  it('changing the zoning layer starts the zones over with the layer’s own calculation and no date', () => {
    const store = storeWith(editor);
    store.getState().setMode('zoning');
    store.getState().setSelectedDate('2024-05-01');
    store.getState().setZoneCount(3);
    store.getState().setZoningResolution(2);
    store.getState().setZoningLayer('sensor_em');
    expect(store.getState()).toMatchObject({
      selectedLayer: 'sensor_em',
      selectedAlgorithm: 'SHALLOW',
      selectedDate: null,
      zoneCount: null,
      zoningResolution: null,
    });
  });

  it('changing the calculation resets zones and resolution but keeps the date; the same one changes nothing', () => {
    const store = storeWith(editor);
    store.getState().setMode('zoning');
    store.getState().setSelectedDate('2024-05-01');
    store.getState().setZoneCount(4);
    store.getState().setZoningResolution(1);
    store.getState().setZoningAlgorithm('NDVI');
    expect(store.getState()).toMatchObject({ zoneCount: 4, zoningResolution: 1 });
    store.getState().setZoningAlgorithm('PCD');
    expect(store.getState()).toMatchObject({
      selectedAlgorithm: 'PCD',
      selectedDate: '2024-05-01',
      zoneCount: null,
      zoningResolution: null,
    });
  });

  it('leaving zoning forgets the zone count and resolution', () => {
    const store = storeWith(editor);
    store.getState().setMode('zoning');
    store.getState().setZoneCount(3);
    store.getState().setZoningResolution(2);
    store.getState().setMode('view');
    expect(store.getState()).toMatchObject({ zoneCount: null, zoningResolution: null });
  });
});
