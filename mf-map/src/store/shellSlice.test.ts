import { advancedEditor, editor, storeWith, threeFields as fields, viewer } from '../testing/mapStore';
import { createMapStore } from './mapStore';

describe('map store, shell slice: modes, the farm shown and access (spec 1 §4.3)', () => {
  it('starts in view mode on the standard layer with NDVI and a fully opaque zone layer', () => {
    const s = createMapStore().getState();
    expect(s).toMatchObject({
      mode: 'view',
      manageStatus: 'none',
      selectedLayer: 'standard',
      selectedAlgorithm: 'NDVI',
      zoneTransparency: 1,
      selectionLocked: false,
    });
  });

  it('entering view resets layer-specific state and keeps the farm, fields, selection and layer', () => {
    const store = storeWith(editor);
    const s = store.getState();
    s.selectLayer('sensor_em');
    s.toggleField('x2', fields);
    s.setMode('zoning');
    s.setSelectedDate('2024-05-01');
    s.setSelectedZone('z1');
    s.setRasterLoading(true);
    s.setExportMode(true);
    s.lockSelection(true);
    s.setMode('view');
    expect(store.getState()).toMatchObject({
      mode: 'view',
      selectedDate: null,
      selectedZone: null,
      rasterLoading: false,
      exportMode: false,
      selectionLocked: false,
      selectedFields: ['x2'],
      selectedLayer: 'sensor_em',
      selectedAlgorithm: 'SHALLOW',
    });
    expect(store.getState().farmId).toBe('f1');
  });

  it('edit-zone and book-em are modes of their own that leave manage state behind', () => {
    const store = storeWith(editor);
    store.getState().startDrawing(fields.length);
    store.getState().setMode('edit-zone');
    expect(store.getState()).toMatchObject({ mode: 'edit-zone', manageStatus: 'none', drawing: { phase: 'idle' } });
    store.getState().setMode('book-em');
    expect(store.getState().mode).toBe('book-em');
  });

  it('Edit Fields enters manage mode at the Boundaries toolbar with nothing selected and the measure tool put away', () => {
    const store = storeWith(editor);
    store.getState().toggleField('x1', fields);
    store.getState().setMeasureMode('area');
    store.getState().setMode('manage');
    expect(store.getState()).toMatchObject({
      mode: 'manage',
      manageStatus: 'create-boundaries',
      selectedFields: [],
      measureMode: null,
    });
    store.getState().setMeasureMode('line');
    expect(store.getState().measureMode).toBeNull();
  });

  it('losing the right to edit while in manage mode returns to view', () => {
    const store = storeWith(editor);
    store.getState().startDrawing(fields.length);
    store.getState().setAccess(viewer);
    expect(store.getState()).toMatchObject({ mode: 'view', manageStatus: 'none', drawing: { phase: 'idle' } });
  });

  it('a reload keeps only the selected fields that still exist', () => {
    const store = storeWith(advancedEditor);
    store.getState().setSelection(['x1', 'x3'], fields);
    store.getState().farmLoaded('f1', ['x1']);
    expect(store.getState().selectedFields).toEqual(['x1']);
  });
});
