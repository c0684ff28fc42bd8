import { makeFields } from '../testing/fixtures';
import { advancedEditor, editor, storeWith, threeFields as fields } from '../testing/mapStore';

describe('map store, selection slice (spec 1 §4.4, spec 2 §4)', () => {
  it('is single by default: a click replaces the selection, a second click clears it', () => {
    const store = storeWith(editor);
    store.getState().toggleField('x1', fields);
    store.getState().toggleField('x2', fields);
    expect(store.getState().selectedFields).toEqual(['x2']);
    store.getState().toggleField('x2', fields);
    expect(store.getState().selectedFields).toEqual([]);
  });

  it('is multiple for an Advanced account with the flag: clicks add and remove', () => {
    const store = storeWith(advancedEditor);
    store.getState().toggleField('x1', fields);
    store.getState().toggleField('x2', fields);
    expect(store.getState().selectedFields).toEqual(['x1', 'x2']);
    store.getState().toggleField('x1', fields);
    expect(store.getState().selectedFields).toEqual(['x2']);
  });

  it('is single in manage mode even with multi-selection allowed', () => {
    const store = storeWith(advancedEditor);
    store.getState().setMode('manage');
    store.getState().toggleField('x1', fields);
    store.getState().toggleField('x2', fields);
    expect(store.getState().selectedFields).toEqual(['x2']);
    store.getState().selectAll(['x1', 'x2', 'x3'], fields);
    expect(store.getState().selectedFields).toEqual(['x2']);
    expect(store.getState().selectionNotice).toBeNull();
  });

  it('Select All offers Advanced to a Basic user instead of selecting', () => {
    const store = storeWith(editor);
    store.getState().selectAll(['x1', 'x2', 'x3'], fields);
    expect(store.getState()).toMatchObject({ selectedFields: [], selectionNotice: 'multi-select-upsell' });
    store.getState().dismissSelectionNotice();
    expect(store.getState().selectionNotice).toBeNull();
  });

  it('Select All does nothing for an Advanced account without the flag (no upsell)', () => {
    const store = storeWith({ edit: true, multiSelect: false, advanced: true });
    store.getState().selectAll(['x1', 'x2'], fields);
    expect(store.getState()).toMatchObject({ selectedFields: [], selectionNotice: null });
  });

  it('warns once when the selection passes 50 fields; Unselect all fields clears it', () => {
    const sixty = makeFields(60);
    const store = storeWith(advancedEditor, sixty);
    const ids = sixty.map((f) => f.id);
    store.getState().selectAll(ids.slice(0, 50), sixty);
    expect(store.getState().selectionNotice).toBeNull();
    store.getState().toggleField(ids[50] as string, sixty);
    expect(store.getState()).toMatchObject({ selectionNotice: 'too-many-fields' });
    expect(store.getState().selectedFields).toHaveLength(51);

    store.getState().dismissSelectionNotice(); // 'Okay, let me proceed'
    store.getState().toggleField(ids[51] as string, sixty);
    expect(store.getState().selectionNotice).toBeNull();
    expect(store.getState().selectedFields).toHaveLength(52);

    store.getState().selectAll(ids, sixty);
    store.getState().clearSelection(); // 'Unselect all fields'
    expect(store.getState()).toMatchObject({ selectedFields: [], selectionNotice: null });
    store.getState().selectAll(ids, sixty);
    expect(store.getState().selectionNotice).toBe('too-many-fields');
  });

  it('a selection set from outside follows the same rules and ignores unknown fields', () => {
    const single = storeWith(editor);
    single.getState().setSelection(['nope', 'x2', 'x3'], fields);
    expect(single.getState().selectedFields).toEqual(['x2']);
    const multi = storeWith(advancedEditor);
    multi.getState().setSelection(['x3', 'x1', 'x3', 'nope'], fields);
    expect(multi.getState().selectedFields).toEqual(['x3', 'x1']);
  });
});
