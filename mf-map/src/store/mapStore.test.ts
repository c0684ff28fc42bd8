import type { AreaGeometry } from '@paddock/shared/contracts';
import { makeFarm, makeField, makeFields } from '../test/fixtures';
import { createMapStore, type MapAccess, type MapLayerId } from './mapStore';

const editor: MapAccess = { edit: true, multiSelect: false, advanced: false };
const advancedEditor: MapAccess = { edit: true, multiSelect: true, advanced: true };
const viewer: MapAccess = { edit: false, multiSelect: false, advanced: false };

function storeWith(access: MapAccess, fields = makeFields(3)) {
  const store = createMapStore();
  store.getState().setAccess(access);
  store.getState().loadFarm(makeFarm(), fields);
  return store;
}

const drawn: AreaGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [147.1, -35.1],
      [147.11, -35.1],
      [147.11, -35.11],
      [147.1, -35.1],
    ],
  ],
};

describe('map store: modes and layers (spec 1 §4.3, spec 2 §4)', () => {
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

  it.each<[MapLayerId, string | null]>([
    ['standard', 'NDVI'],
    ['high_res', 'NDVI'],
    ['sensor_em', 'SHALLOW'],
    ['zoning', null],
  ])('selecting the %s layer clears the catalog and date and sets the algorithm to %s', (layer, algorithm) => {
    const store = storeWith(editor);
    store.getState().setCatalog([{ date: '2024-05-01', capture_id: 'c1', items: [] }]);
    store.getState().setSelectedDate('2024-05-01');
    store.getState().setAlgorithm('NDRE');
    store.getState().selectLayer(layer);
    expect(store.getState()).toMatchObject({
      selectedLayer: layer,
      catalog: null,
      selectedDate: null,
      selectedAlgorithm: algorithm,
    });
  });

  it('entering view resets layer-specific state and keeps the farm, fields, selection and layer', () => {
    const store = storeWith(editor);
    const s = store.getState();
    s.selectLayer('sensor_em');
    s.toggleField('x2');
    s.setMode('zoning');
    s.setCatalog([{ date: '2024-05-01', capture_id: 'c1', items: [] }]);
    s.setSelectedDate('2024-05-01');
    s.setSelectedZone('z1');
    s.setRasterLoading(true);
    s.setExportMode(true);
    s.lockSelection(true);
    s.setMode('view');
    expect(store.getState()).toMatchObject({
      mode: 'view',
      catalog: null,
      selectedDate: null,
      selectedZone: null,
      rasterLoading: false,
      exportMode: false,
      selectionLocked: false,
      selectedFields: ['x2'],
      selectedLayer: 'sensor_em',
      selectedAlgorithm: 'SHALLOW',
    });
    expect(store.getState().fields).toHaveLength(3);
    expect(store.getState().farm?.id).toBe('f1');
  });

  it.each<MapLayerId>(['high_res', 'zoning'])(
    'entering zoning from %s resets the layer to standard and clears catalog and date',
    (layer) => {
      const store = storeWith(editor);
      store.getState().selectLayer(layer);
      store.getState().setCatalog([{ date: '2024-05-01', capture_id: 'c1', items: [] }]);
      store.getState().setSelectedDate('2024-05-01');
      store.getState().setMode('zoning');
      expect(store.getState()).toMatchObject({
        mode: 'zoning',
        selectedLayer: 'standard',
        selectedAlgorithm: 'NDVI',
        catalog: null,
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

  it('edit-zone and book-em are modes of their own that leave manage state behind', () => {
    const store = storeWith(editor);
    store.getState().startDrawing();
    store.getState().setMode('edit-zone');
    expect(store.getState()).toMatchObject({ mode: 'edit-zone', manageStatus: 'none', drawing: { phase: 'idle' } });
    store.getState().setMode('book-em');
    expect(store.getState().mode).toBe('book-em');
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
});

describe('map store: manage mode (spec 1 §4.4)', () => {
  it('a viewer cannot enter manage mode, draw or edit', () => {
    const store = storeWith(viewer);
    store.getState().setMode('manage');
    store.getState().startDrawing();
    store.getState().editField('x1');
    expect(store.getState()).toMatchObject({
      mode: 'view',
      manageStatus: 'none',
      drawing: { phase: 'idle' },
      currentField: null,
    });
  });

  it('Edit Fields enters manage mode at the Boundaries toolbar with nothing selected and the measure tool put away', () => {
    const store = storeWith(editor);
    store.getState().toggleField('x1');
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

  it("draws a new field: default name 'Field' + count + 1, closed, shaped, details, saved", () => {
    const store = storeWith(editor);
    store.getState().startDrawing();
    expect(store.getState()).toMatchObject({
      mode: 'manage',
      manageStatus: 'create',
      currentField: null,
      drawing: { phase: 'drawing', name: 'Field 4', cropType: null },
    });

    store.getState().finishEditing(); // nothing closed yet: stays drawing
    expect(store.getState().drawing.phase).toBe('drawing');

    store.getState().sketchClosed(drawn, 60.2);
    expect(store.getState().drawing).toMatchObject({ phase: 'shaping', geometry: drawn, areaHa: 60.2 });
    store.getState().geometryChanged(drawn, 61);
    store.getState().finishEditing();
    store.getState().setDetails({ name: 'Creek paddock', cropType: 'Barley' });
    expect(store.getState().drawing).toMatchObject({
      phase: 'details',
      areaHa: 61,
      name: 'Creek paddock',
      cropType: 'Barley',
    });

    store.getState().fieldSaved(makeField('x9', { field_name: 'Creek paddock' }));
    expect(store.getState()).toMatchObject({
      mode: 'manage',
      manageStatus: 'create-boundaries',
      currentField: null,
      selectedFields: [],
      drawing: { phase: 'idle' },
    });
    expect(store.getState().fields.map((f) => f.id)).toEqual(['x1', 'x2', 'x3', 'x9']);
  });

  it('opens a field for editing with its own name, crop and boundary, selected', () => {
    const store = storeWith(editor, [makeField('x1', { field_name: 'North', field_crop_type: 'Canola', area: 42 })]);
    store.getState().editField('x1');
    expect(store.getState()).toMatchObject({
      mode: 'manage',
      manageStatus: 'edit',
      currentField: 'x1',
      selectedFields: ['x1'],
      drawing: { phase: 'shaping', name: 'North', cropType: 'Canola', areaHa: 42, pendingSwitch: null },
    });
  });

  it('switching to another field while editing asks first; Cancel stays, saving moves on to the other field', () => {
    const store = storeWith(editor);
    store.getState().editField('x1');
    store.getState().editField('x2');
    expect(store.getState()).toMatchObject({ currentField: 'x1', drawing: { phase: 'shaping', pendingSwitch: 'x2' } });
    store.getState().cancelSwitch();
    expect(store.getState()).toMatchObject({ currentField: 'x1', drawing: { pendingSwitch: null } });

    store.getState().editField('x3');
    store.getState().fieldSaved(makeField('x1', { field_name: 'Renamed' }));
    expect(store.getState()).toMatchObject({
      manageStatus: 'edit',
      currentField: 'x3',
      selectedFields: ['x3'],
      drawing: { phase: 'shaping', pendingSwitch: null },
    });
    expect(store.getState().fields[0]?.properties.field_name).toBe('Renamed');
  });

  it('clicking the field already being edited does not ask', () => {
    const store = storeWith(editor);
    store.getState().editField('x1');
    store.getState().editField('x1');
    expect(store.getState().drawing.pendingSwitch).toBeNull();
  });

  it('Cancel discards the drawing, closes the panel and clears the selection', () => {
    const store = storeWith(editor);
    store.getState().editField('x2');
    store.getState().finishEditing();
    store.getState().cancelDrawing();
    expect(store.getState()).toMatchObject({
      mode: 'manage',
      manageStatus: 'create-boundaries',
      currentField: null,
      selectedFields: [],
      drawing: { phase: 'idle', geometry: null },
    });
  });

  it('a field changed elsewhere (its crop type) is replaced in place, leaving manage state alone', () => {
    const store = storeWith(editor);
    store.getState().editField('x2');
    store.getState().fieldUpdated(makeField('x1', { field_crop_type: 'Canola' }));
    store.getState().fieldUpdated(makeField('unknown'));
    expect(store.getState().fields.map((f) => [f.id, f.properties.field_crop_type])).toEqual([
      ['x1', 'Canola'],
      ['x2', null],
      ['x3', null],
    ]);
    expect(store.getState()).toMatchObject({ currentField: 'x2', drawing: { phase: 'shaping' } });
  });

  it('removing a field takes it off the map and out of the selection', () => {
    const store = storeWith(editor);
    store.getState().editField('x2');
    store.getState().fieldRemoved('x2');
    expect(store.getState()).toMatchObject({ currentField: null, selectedFields: [], drawing: { phase: 'idle' } });
    expect(store.getState().fields.map((f) => f.id)).toEqual(['x1', 'x3']);
  });

  it('losing the right to edit while in manage mode returns to view', () => {
    const store = storeWith(editor);
    store.getState().startDrawing();
    store.getState().setAccess(viewer);
    expect(store.getState()).toMatchObject({ mode: 'view', manageStatus: 'none', drawing: { phase: 'idle' } });
  });
});

describe('map store: selection (spec 1 §4.4, spec 2 §4)', () => {
  it('is single by default: a click replaces the selection, a second click clears it', () => {
    const store = storeWith(editor);
    store.getState().toggleField('x1');
    store.getState().toggleField('x2');
    expect(store.getState().selectedFields).toEqual(['x2']);
    store.getState().toggleField('x2');
    expect(store.getState().selectedFields).toEqual([]);
  });

  it('is multiple for an Advanced account with the flag: clicks add and remove', () => {
    const store = storeWith(advancedEditor);
    store.getState().toggleField('x1');
    store.getState().toggleField('x2');
    expect(store.getState().selectedFields).toEqual(['x1', 'x2']);
    store.getState().toggleField('x1');
    expect(store.getState().selectedFields).toEqual(['x2']);
  });

  it('is single in manage mode even with multi-selection allowed', () => {
    const store = storeWith(advancedEditor);
    store.getState().setMode('manage');
    store.getState().toggleField('x1');
    store.getState().toggleField('x2');
    expect(store.getState().selectedFields).toEqual(['x2']);
    store.getState().selectAll(['x1', 'x2', 'x3']);
    expect(store.getState().selectedFields).toEqual(['x2']);
    expect(store.getState().selectionNotice).toBeNull();
  });

  it('Select All offers Advanced to a Basic user instead of selecting', () => {
    const store = storeWith(editor);
    store.getState().selectAll(['x1', 'x2', 'x3']);
    expect(store.getState()).toMatchObject({ selectedFields: [], selectionNotice: 'multi-select-upsell' });
    store.getState().dismissSelectionNotice();
    expect(store.getState().selectionNotice).toBeNull();
  });

  it('Select All does nothing for an Advanced account without the flag (no upsell)', () => {
    const store = storeWith({ edit: true, multiSelect: false, advanced: true });
    store.getState().selectAll(['x1', 'x2']);
    expect(store.getState()).toMatchObject({ selectedFields: [], selectionNotice: null });
  });

  it('warns once when the selection passes 50 fields; Unselect all fields clears it', () => {
    const store = storeWith(advancedEditor, makeFields(60));
    const ids = store.getState().fields.map((f) => f.id);
    store.getState().selectAll(ids.slice(0, 50));
    expect(store.getState().selectionNotice).toBeNull();
    store.getState().toggleField(ids[50] as string);
    expect(store.getState()).toMatchObject({ selectionNotice: 'too-many-fields' });
    expect(store.getState().selectedFields).toHaveLength(51);

    store.getState().dismissSelectionNotice(); // 'Okay, let me proceed'
    store.getState().toggleField(ids[51] as string);
    expect(store.getState().selectionNotice).toBeNull();
    expect(store.getState().selectedFields).toHaveLength(52);

    store.getState().selectAll(ids);
    store.getState().clearSelection(); // 'Unselect all fields'
    expect(store.getState()).toMatchObject({ selectedFields: [], selectionNotice: null });
    store.getState().selectAll(ids);
    expect(store.getState().selectionNotice).toBe('too-many-fields');
  });

  it('in zoning a field of 800 ha or more cannot be selected', () => {
    const store = storeWith(advancedEditor, [makeField('small', { area: 799.99 }), makeField('big', { area: 800 }, 1)]);
    store.getState().setMode('zoning');
    store.getState().toggleField('big');
    store.getState().toggleField('small');
    store.getState().selectAll(['big', 'small']);
    expect(store.getState().selectedFields).toEqual(['small']);
    store.getState().setMode('view');
    store.getState().toggleField('big');
    expect(store.getState().selectedFields).toEqual(['small', 'big']);
  });

  it('once zoning has started the selection is locked in zoning and edit-zone', () => {
    const store = storeWith(advancedEditor);
    store.getState().setMode('zoning');
    store.getState().toggleField('x1');
    store.getState().lockSelection(true);
    store.getState().toggleField('x2');
    store.getState().toggleField('x1');
    store.getState().setSelection(['x3']);
    store.getState().clearSelection();
    expect(store.getState().selectedFields).toEqual(['x1']);
    store.getState().setMode('edit-zone');
    store.getState().toggleField('x2');
    expect(store.getState().selectedFields).toEqual(['x1']);
  });

  it('a selection set from outside follows the same rules and ignores unknown fields', () => {
    const single = storeWith(editor);
    single.getState().setSelection(['nope', 'x2', 'x3']);
    expect(single.getState().selectedFields).toEqual(['x2']);
    const multi = storeWith(advancedEditor);
    multi.getState().setSelection(['x3', 'x1', 'x3', 'nope']);
    expect(multi.getState().selectedFields).toEqual(['x3', 'x1']);
  });

  it('a reload keeps only the selected fields that still exist', () => {
    const store = storeWith(advancedEditor);
    store.getState().setSelection(['x1', 'x3']);
    store.getState().loadFarm(makeFarm(), [makeField('x1')]);
    expect(store.getState().selectedFields).toEqual(['x1']);
  });
});
