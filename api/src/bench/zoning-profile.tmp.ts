import type { AreaGeometry, Position } from '@paddock/shared/contracts';
import { SimulatedSource } from '../imagery/simulated';
import { fieldRaster, zoneRaster, minZonePixels } from '../imagery/zoning';
import { naturalBreaks, classify, mergeSmallPatches, extendClasses, patches } from '../imagery/zoning/raster';
import { polygonize } from '../imagery/zoning/polygonize';
import { areaInHectares, bboxOf } from '../plugins/fields/geometry';

function paddock(hectares: number): AreaGeometry {
  const [lon, lat] = [147.2, -35.05];
  const shape = [1, 0.92, 1.05, 0.88, 1.1, 0.95, 1.02, 0.9];
  const ring = (radius: number): Position[] => {
    const positions: Position[] = shape.map((factor, k) => {
      const angle = (2 * Math.PI * k) / shape.length + 0.3;
      const metres = radius * factor;
      return [lon + (metres * Math.cos(angle)) / (111_320 * Math.cos((lat * Math.PI) / 180)), lat + (metres * Math.sin(angle)) / 110_574];
    });
    return [...positions, positions[0] as Position];
  };
  let radius = 1600;
  for (let i = 0; i < 30; i += 1) {
    const area = areaInHectares({ type: 'Polygon', coordinates: [ring(radius)] });
    radius *= Math.sqrt(hectares / area);
  }
  return { type: 'Polygon', coordinates: [ring(radius)] };
}
async function main() {
  const geometry = paddock(795);
  const aoi = { fieldId: 'bench-field-1', cropType: 'Wheat', geometry, bbox: bboxOf(geometry) };
  const source = new SimulatedSource();
  const [capture] = await source.catalog([aoi], 'standard', { from: '2025-09-07', to: '2025-09-07' });
  if (!capture) throw new Error('no capture');
  for (let run = 0; run < 6; run++) {
    let t = performance.now();
    const raster = await fieldRaster(source, aoi, capture, 'NDVI', 5);
    const tRead = performance.now() - t;
    for (const zones of [3, 5]) {
      const minPixels = minZonePixels(7.95, 5);
      const copy = { ...raster, values: Float32Array.from(raster.values) };
      t = performance.now();
      const breaks = naturalBreaks(copy.values, copy.inside, copy.valid, zones);
      const t1 = performance.now();
      const classes = classify(copy.values, copy.inside, breaks);
      const t2 = performance.now();
      mergeSmallPatches(copy.grid, classes, minPixels);
      const t3 = performance.now();
      const ext = extendClasses(copy.grid, classes);
      const t4 = performance.now();
      const { ids, count } = patches(copy.grid, ext);
      const t5 = performance.now();
      polygonize(copy.grid, ids, count, 0.5);
      const t6 = performance.now();
      const z = zoneRaster(aoi, copy, zones, 5, null);
      const t7 = performance.now();
      console.log(`run ${run} z${zones} read ${tRead.toFixed(0)} breaks ${(t1 - t).toFixed(1)} classify ${(t2 - t1).toFixed(1)} merge ${(t3 - t2).toFixed(1)} extend ${(t4 - t3).toFixed(1)} patches ${(t5 - t4).toFixed(1)} polygonize ${(t6 - t5).toFixed(1)} zoneRaster(all) ${(t7 - t6).toFixed(1)} polys ${z.polygons.length}`);
    }
  }
}
void main();
