import Feature from 'ol/Feature';
import VectorSource from 'ol/source/Vector';
import type Geometry from 'ol/geom/Geometry';
import { makeField } from '../testing/fixtures';
import { FIELD_FLAGS, fieldOutlineStyle, fieldStyle, toAreaGeometry, toOlFeatures } from './fieldsLayer';
import { syncFieldFeatures } from './useFieldsOnMap';

const labelled = (name: string) => new Feature({ field_name: name });

describe('fields layer styles', () => {
  it('hands out the same style objects on every render (none are created while drawing)', () => {
    const a = fieldStyle(labelled('North'), 5);
    expect(fieldStyle(labelled('North'), 5)).toBe(a);
    expect(fieldStyle(labelled('South'), 5)).not.toBe(a);
    expect(fieldStyle(labelled('North'), 500)).toBe(fieldStyle(labelled('South'), 500));
  });

  it('names a field only when zoomed in enough, highlights a selected one and hides the one being edited', () => {
    const [boundary, label] = fieldStyle(labelled('North'), 5);
    expect(label?.getText()?.getText()).toBe('North');
    expect(fieldStyle(labelled('North'), 500)).toHaveLength(1);
    expect(boundary).toBeDefined();

    const selected = labelled('North');
    selected.set(FIELD_FLAGS.selected, true);
    expect(fieldStyle(selected, 5)[0]).not.toBe(boundary);

    const editing = labelled('North');
    editing.set(FIELD_FLAGS.editing, true);
    expect(fieldStyle(editing, 5)).toEqual([]);
  });

  it('over imagery draws the same outlines and names without fills', () => {
    const [filled] = fieldStyle(labelled('North'), 5);
    const [outline, label] = fieldOutlineStyle(labelled('North'), 5);
    expect(filled?.getFill()).not.toBeNull();
    expect(outline?.getFill()).toBeNull();
    expect(outline?.getStroke()).toBe(filled?.getStroke());
    expect(label?.getText()?.getText()).toBe('North');
    const selected = labelled('North');
    selected.set(FIELD_FLAGS.selected, true);
    expect(fieldOutlineStyle(selected, 500)[0]?.getFill()).toBeNull();
  });
});

describe('fields on the map', () => {
  it('reads fields as features with their ids, and writes geometries back as WGS84 GeoJSON', () => {
    const field = makeField('x1');
    const [feature] = toOlFeatures([field]);
    expect(feature?.getId()).toBe('x1');
    expect(feature?.get('field_name')).toBe('Field x1');
    const geometry = feature?.getGeometry();
    if (!geometry) throw new Error('no geometry');
    const back = toAreaGeometry(geometry);
    expect(back.type).toBe('Polygon');
    expect(back.coordinates[0]?.[1]?.[0]).toBeCloseTo(147.011, 6);
    expect(back.coordinates[0]?.[1]?.[1]).toBeCloseTo(-35.0, 6);
  });

  it('adds every field on a first load, then touches only the fields that changed', () => {
    const source = new VectorSource<Feature<Geometry>>();
    const x1 = makeField('x1');
    syncFieldFeatures(source, [x1, makeField('x2', {}, 1), makeField('x3', {}, 2)], new Set(['x2']));
    expect(source.getFeatures()).toHaveLength(3);
    expect(source.getFeatureById('x2')?.get(FIELD_FLAGS.selected)).toBe(true);

    const untouched = source.getFeatureById('x1');
    const renamed = makeField('x3', { field_name: 'Renamed', updated_on: '2024-09-09T00:00:00.000Z' }, 2);
    syncFieldFeatures(source, [x1, renamed, makeField('x4', {}, 3)], new Set());
    expect(
      source
        .getFeatures()
        .map((f) => f.getId())
        .sort(),
    ).toEqual(['x1', 'x3', 'x4']);
    expect(source.getFeatureById('x1')).toBe(untouched);
    expect(source.getFeatureById('x3')?.get('field_name')).toBe('Renamed');
  });
});
