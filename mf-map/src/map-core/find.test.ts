import Feature from 'ol/Feature';
import type Geometry from 'ol/geom/Geometry';
import Polygon from 'ol/geom/Polygon';
import VectorSource from 'ol/source/Vector';
import { createFieldMarkers, markerPoint, MARKER_MAX_ZOOM, markerStyle } from './fieldMarkers';
import { BASE_PADDING, paddingFor } from './fitPadding';
import { newFieldIds } from './useFieldsOnMap';

const square = (x: number, y: number, size = 10) =>
  new Polygon([
    [
      [x, y],
      [x + size, y],
      [x + size, y + size],
      [x, y + size],
      [x, y],
    ],
  ]);

const field = (id: string, geometry: Geometry) => {
  const feature = new Feature(geometry);
  feature.setId(id);
  return feature;
};

const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('field markers (issue 10 §2: fields you cannot see)', () => {
  it('puts one marker inside each field, following adds and removals', async () => {
    const fields = new VectorSource<Feature<Geometry>>();
    const markers = createFieldMarkers(fields, 350);
    fields.addFeatures([field('a', square(0, 0)), field('b', square(1_000_000, 0))]);
    await settle();
    expect(markers.points.getFeatures().map((m) => m.getId())).toEqual(['a', 'b']);
    const [x, y] = markerPoint(square(0, 0)) as [number, number];
    expect(x).toBeGreaterThan(0);
    expect(x).toBeLessThan(10);
    expect(y).toBeGreaterThan(0);
    expect(y).toBeLessThan(10);
    fields.removeFeature(fields.getFeatureById('a') as Feature<Geometry>);
    await settle();
    expect(markers.points.getFeatures().map((m) => m.getId())).toEqual(['b']);
    markers.dispose();
  });

  it('shows markers only at low zoom, where fields are too small to see', () => {
    const markers = createFieldMarkers(new VectorSource(), 350);
    expect(markers.layer.getMaxZoom()).toBe(MARKER_MAX_ZOOM);
    expect(MARKER_MAX_ZOOM).toBeLessThanOrEqual(14);
  });

  it('writes the number of fields on a cluster and nothing on a single marker', () => {
    expect(markerStyle(1).getText()).toBeFalsy();
    expect(markerStyle(7).getText()?.getText()).toBe('7');
  });
});

describe('fit padding from the panels (issue 10 §2)', () => {
  const map = { left: 0, top: 0, right: 1200, bottom: 800 };

  it('clears a panel docked to each side by its real size', () => {
    const padding = paddingFor(map, [
      { left: 0, top: 0, right: 320, bottom: 800 }, // a side sheet on the left
      { left: 0, top: 620, right: 1200, bottom: 800 }, // the timeline along the bottom
    ]);
    expect(padding).toEqual([BASE_PADDING, BASE_PADDING, 180 + BASE_PADDING, 320 + BASE_PADDING]);
  });

  it('counts a corner box on its cheaper side, ignores full-size wrappers and what lies outside', () => {
    const padding = paddingFor(map, [
      { left: 900, top: 0, right: 1200, bottom: 60 }, // the search box in the top-right corner
      { left: 0, top: 0, right: 1200, bottom: 800 }, // a layout wrapper over the whole map
      { left: 1300, top: 0, right: 1500, bottom: 800 }, // beside the map
    ]);
    expect(padding).toEqual([60 + BASE_PADDING, BASE_PADDING, BASE_PADDING, BASE_PADDING]);
  });

  it('keeps room for the content on a phone', () => {
    const phone = { left: 0, top: 0, right: 375, bottom: 700 };
    const [top, right, bottom, left] = paddingFor(phone, [{ left: 0, top: 300, right: 375, bottom: 700 }]);
    expect(700 - top - bottom).toBeGreaterThanOrEqual(700 * 0.35 - 1);
    expect(375 - left - right).toBeGreaterThan(200);
  });
});

describe('new fields', () => {
  it('are the ids that were not there before (the map moves to them)', () => {
    expect(newFieldIds(new Set(['a', 'b']), new Set(['a', 'b', 'c']))).toEqual(['c']);
    expect(newFieldIds(new Set(['a']), new Set(['a']))).toEqual([]);
  });
});
