import { makeField } from '../testing/fixtures';
import { drawnBoundary, editor, storeWith, threeFields as fields, viewer } from '../testing/mapStore';

describe('map store, manage slice (spec 1 §4.4)', () => {
  it('a viewer cannot enter manage mode, draw or edit', () => {
    const store = storeWith(viewer);
    store.getState().setMode('manage');
    store.getState().startDrawing(fields.length);
    store.getState().editField('x1', fields);
    expect(store.getState()).toMatchObject({
      mode: 'view',
      manageStatus: 'none',
      drawing: { phase: 'idle' },
      currentField: null,
    });
  });

  it("draws a new field: default name 'Field' + count + 1, closed, shaped, details, saved", () => {
    const store = storeWith(editor);
    store.getState().startDrawing(fields.length);
    expect(store.getState()).toMatchObject({
      mode: 'manage',
      manageStatus: 'create',
      currentField: null,
      drawing: { phase: 'drawing', name: 'Field 4', cropType: null },
    });

    store.getState().finishEditing(); // nothing closed yet: stays drawing
    expect(store.getState().drawing.phase).toBe('drawing');

    store.getState().sketchClosed(drawnBoundary, 60.2);
    expect(store.getState().drawing).toMatchObject({ phase: 'shaping', geometry: drawnBoundary, areaHa: 60.2 });
    store.getState().geometryChanged(drawnBoundary, 61);
    store.getState().finishEditing();
    store.getState().setDetails({ name: 'Creek paddock', cropType: 'Barley' });
    expect(store.getState().drawing).toMatchObject({
      phase: 'details',
      areaHa: 61,
      name: 'Creek paddock',
      cropType: 'Barley',
    });

    store.getState().fieldSaved([...fields, makeField('x9', { field_name: 'Creek paddock' })]);
    expect(store.getState()).toMatchObject({
      mode: 'manage',
      manageStatus: 'create-boundaries',
      currentField: null,
      selectedFields: [],
      drawing: { phase: 'idle' },
    });
  });

  it('opens a field for editing with its own name, crop and boundary, selected', () => {
    const north = [makeField('x1', { field_name: 'North', field_crop_type: 'Canola', area: 42 })];
    const store = storeWith(editor, north);
    store.getState().editField('x1', north);
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
    store.getState().editField('x1', fields);
    store.getState().editField('x2', fields);
    expect(store.getState()).toMatchObject({ currentField: 'x1', drawing: { phase: 'shaping', pendingSwitch: 'x2' } });
    store.getState().cancelSwitch();
    expect(store.getState()).toMatchObject({ currentField: 'x1', drawing: { pendingSwitch: null } });

    store.getState().editField('x3', fields);
    store.getState().fieldSaved([makeField('x1', { field_name: 'Renamed' }), ...fields.slice(1)]);
    expect(store.getState()).toMatchObject({
      manageStatus: 'edit',
      currentField: 'x3',
      selectedFields: ['x3'],
      drawing: { phase: 'shaping', pendingSwitch: null },
    });
  });

  it('clicking the field already being edited does not ask', () => {
    const store = storeWith(editor);
    store.getState().editField('x1', fields);
    store.getState().editField('x1', fields);
    expect(store.getState().drawing.pendingSwitch).toBeNull();
  });

  it('Cancel discards the drawing, closes the panel and clears the selection', () => {
    const store = storeWith(editor);
    store.getState().editField('x2', fields);
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

  it('removing a field takes it out of the selection and closes its editing', () => {
    const store = storeWith(editor);
    store.getState().editField('x2', fields);
    store.getState().fieldRemoved('x2');
    expect(store.getState()).toMatchObject({ currentField: null, selectedFields: [], drawing: { phase: 'idle' } });
  });
});
