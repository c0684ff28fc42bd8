import { pixelClass } from '../source';
import { classifyScl, resolveAsset } from './bands';
import type { StacItem } from './stac';

function item(
  properties: Partial<StacItem['properties']>,
  rasterBands?: Array<{ scale?: number; offset?: number; nodata?: number }>,
): StacItem {
  const asset = { href: 'https://example.test/B04.tif', ...(rasterBands ? { 'raster:bands': rasterBands } : {}) };
  return {
    type: 'Feature',
    id: 'S2B_55HEV_20240818_0_L2A',
    properties: { datetime: '2024-08-18T00:12:34Z', ...properties },
    assets: { red: asset, SCL: { href: 'https://example.test/SCL.tif' } },
  };
}

describe('resolveAsset', () => {
  it.each([
    [
      'the asset’s raster:bands scale and offset',
      item({}, [{ scale: 0.0001, offset: -0.1, nodata: 0 }]),
      { scale: 0.0001, offset: -0.1 },
    ],
    [
      'no offset before processing baseline 04.00',
      item({ 's2:processing_baseline': '03.01' }),
      { scale: 0.0001, offset: 0 },
    ],
    [
      '−0.1 from processing baseline 04.00',
      item({ 's2:processing_baseline': '04.00' }),
      { scale: 0.0001, offset: -0.1 },
    ],
    [
      'the older sentinel: baseline property',
      item({ 'sentinel:processing_baseline': '05.09' }),
      { scale: 0.0001, offset: -0.1 },
    ],
    [
      'no offset where Earth Search already took it out',
      item({ 's2:processing_baseline': '05.09', 'earthsearch:boa_offset_applied': true }, [
        { scale: 0.0001, offset: -0.1 },
      ]),
      { scale: 0.0001, offset: 0 },
    ],
  ])('scales reflectance with %s', (_name, stacItem, expected) => {
    expect(resolveAsset(stacItem, 'B04')).toMatchObject({ key: 'red', ...expected, noData: 0 });
  });

  it('finds band-named assets too, and names what it looked for when a band is missing', () => {
    expect(resolveAsset(item({}), 'SCL')).toEqual({
      key: 'SCL',
      href: 'https://example.test/SCL.tif',
      scale: 1,
      offset: 0,
      noData: 0,
    });
    expect(() => resolveAsset(item({}), 'B05')).toThrow(
      'Sentinel-2 item S2B_55HEV_20240818_0_L2A has no asset for B05 (looked for rededge1, B05)',
    );
  });
});

describe('classifyScl', () => {
  it('maps the scene classification onto clear, cloud, shadow and no data', () => {
    const classes = Array.from({ length: 12 }, (_, code) => classifyScl(code));
    const { clear, cloud, shadow, noData } = pixelClass;
    //             0 no data, 1 defective, 2 dark, 3 shadow, 4 veg, 5 bare, 6 water, 7 unclassified, 8-10 cloud, 11 snow
    expect(classes).toEqual([noData, noData, clear, shadow, clear, clear, clear, clear, cloud, cloud, cloud, clear]);
  });
});
