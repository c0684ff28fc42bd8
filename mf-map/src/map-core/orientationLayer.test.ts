import type { BBox, OrientationResponse } from '@paddock/shared/contracts';
import Feature from 'ol/Feature';
import OlMap from 'ol/Map';
import View from 'ol/View';
import type VectorLayer from 'ol/layer/Vector';
import { fromLonLat } from 'ol/proj';
import type { Style } from 'ol/style';
import {
  attachOrientation,
  orientationFeatures,
  orientationRenderOrder,
  orientationStyle,
  viewBox,
} from './orientationLayer';

// jsdom has no ResizeObserver (an OpenLayers map watches its element's size with one) and no canvas
// drawing: the map is never rendered here, only its layers and view are read.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

const answer = (names: string[]): OrientationResponse => ({
  zoom: 12,
  coastline: [
    [
      [142, -38],
      [142.5, -38.1],
    ],
  ],
  borders: [
    [
      [141, -36],
      [141, -37],
    ],
  ],
  localities: names.map((name, index) => ({ name, state: 'VIC', lat: -36.7 + index * 0.01, lon: 142.2, rank: index })),
  attribution: 'Localities: test',
});

function mapAt(lon: number, lat: number, zoom: number) {
  const target = document.createElement('div');
  // Not attached (nothing is drawn): the map's element is only read for its data attributes.
  const map = new OlMap({ view: new View({ center: fromLonLat([lon, lat]), zoom }) });
  map.getTargetElement = () => target;
  map.setSize([800, 600]);
  return { map, target };
}

const orientationLayer = (map: OlMap) =>
  map
    .getLayers()
    .getArray()
    .find((layer) => layer.get('name') === 'orientation') as VectorLayer | undefined;

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('orientation over the embedded base map', () => {
  it('asks for the view it shows, widened a little, and draws the coast, borders and names it gets', async () => {
    const { map, target } = mapAt(142.2, -36.7, 12);
    const fetch = jest.fn(async (_bbox: BBox, _zoom: number) => answer(['Horsham', 'Haven']));
    const detach = attachOrientation(map, fetch);
    await settle();

    expect(fetch).toHaveBeenCalledTimes(1);
    const [bbox, zoom] = fetch.mock.calls[0] as [BBox, number];
    expect(zoom).toBe(12);
    const [west, south, east, north] = bbox;
    expect(west).toBeLessThan(142.2);
    expect(east).toBeGreaterThan(142.2);
    expect(south).toBeLessThan(-36.7);
    expect(north).toBeGreaterThan(-36.7);

    const layer = orientationLayer(map);
    expect(layer?.getDeclutter()).toBeTruthy();
    expect(layer?.getRenderOrder()).toBe(orientationRenderOrder);
    const kinds = (layer?.getSource()?.getFeatures() ?? []).map((feature) => feature.get('kind') as string).sort();
    expect(kinds).toEqual(['border', 'coast', 'place', 'place']);
    expect(target.dataset.orientationPlaces).toBe('Horsham|Haven');
    expect(target.dataset.orientationLines).toBe('2');

    // The same view again asks nothing; a new zoom asks again.
    map.dispatchEvent('moveend');
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    map.getView().setZoom(6);
    map.dispatchEvent('moveend');
    await settle();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]?.[1]).toBe(6);

    detach();
    expect(orientationLayer(map)).toBeUndefined();
    expect(target.dataset.orientationPlaces).toBeUndefined();
  });

  it('drops an answer for a view the user has left, and one that comes after the layer went', async () => {
    const { map, target } = mapAt(142.2, -36.7, 12);
    const answers: ((value: OrientationResponse) => void)[] = [];
    const fetch = jest.fn(
      () =>
        new Promise<OrientationResponse>((resolve) => {
          answers.push(resolve);
        }),
    );
    const detach = attachOrientation(map, fetch);
    map.getView().setZoom(8);
    map.dispatchEvent('moveend');
    answers[1]?.(answer(['Victoria town']));
    answers[0]?.(answer(['Old view']));
    await settle();
    expect(target.dataset.orientationPlaces).toBe('Victoria town');
    detach();
    map.getView().setZoom(5);
    await settle();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('keeps the last names when an answer fails, and asks again on the next move', async () => {
    const { map, target } = mapAt(142.2, -36.7, 12);
    const fetch = jest
      .fn<Promise<OrientationResponse>, [BBox, number]>()
      .mockResolvedValueOnce(answer(['Horsham']))
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(answer(['Horsham', 'Haven']));
    const detach = attachOrientation(map, fetch);
    await settle();
    map.getView().setZoom(13);
    map.dispatchEvent('moveend');
    await settle();
    expect(target.dataset.orientationPlaces).toBe('Horsham');
    map.dispatchEvent('moveend');
    await settle();
    expect(target.dataset.orientationPlaces).toBe('Horsham|Haven');
    detach();
  });

  it('writes names with a halo, larger for bigger places, and draws coast and borders apart', () => {
    const [capital, locality] = orientationFeatures(answer(['Adelaide', 'Two Wells'])).filter(
      (feature) => feature.get('kind') === 'place',
    ) as [Feature, Feature];
    const capitalText = (orientationStyle(capital) as Style).getText();
    const localityText = (orientationStyle(locality) as Style).getText();
    expect(capitalText?.getText()).toBe('Adelaide');
    expect(capitalText?.getStroke()?.getWidth()).toBeGreaterThan(2);
    expect(capitalText?.getFont()).toMatch(/15px/);
    expect(localityText?.getFont()).toMatch(/14px/);
    // Lines are drawn first, then places in the api's order: the more important name keeps its place.
    const line = new Feature({ kind: 'coast' });
    expect(orientationRenderOrder(capital, locality)).toBeLessThan(0);
    expect(orientationRenderOrder(line, capital)).toBeLessThan(0);
    // The same place is drawn with the same style object (none are made while panning).
    expect(orientationStyle(capital)).toBe(orientationStyle(capital));
    const coast = orientationStyle(new Feature({ kind: 'coast' })) as Style[];
    const border = orientationStyle(new Feature({ kind: 'border' })) as Style[];
    expect(border[1]?.getStroke()?.getLineDash()).toEqual([8, 5]);
    expect(coast[1]?.getStroke()?.getLineDash()).toBeNull();
  });

  it('knows no view before the map has a size', () => {
    const map = new OlMap({ view: new View({ center: [0, 0], zoom: 4 }) });
    expect(viewBox(map)).toBeNull();
  });
});
