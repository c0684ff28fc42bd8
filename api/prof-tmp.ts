import { SimulatedSource } from './src/imagery/simulated';
import { testField } from './src/imagery/test-fields';
import { productivityRaster, zoneStability, stabilityPng } from './src/imagery/zoning/productivity';
import { zoneRaster } from './src/imagery/zoning';
const source = new SimulatedSource();
const BIG = testField('0b6f3f8e-5a6c-4d3c-9a51-000000000099', 'Wheat', { type: 'Polygon', coordinates: [[[147.3,-35.2],[147.3308,-35.2],[147.3308,-35.175],[147.3,-35.175],[147.3,-35.2]]] });
const windows = [2022, 2023, 2024].map((y) => ({ label: String(y), from: `${y}-04-01`, to: `${y + 1}-03-31` }));
const r = await productivityRaster(source, BIG, windows, 'NDVI', 25);
for (let k = 0; k < 5; k++) {
  let t = performance.now();
  let classes: Uint8Array = new Uint8Array(0);
  const z = zoneRaster(BIG, r, 3, 25, 7.9, (c) => { classes = c; });
  const a = performance.now() - t; t = performance.now();
  const s = zoneStability(r, z.breaks, classes, 3);
  const b = performance.now() - t; t = performance.now();
  await stabilityPng(s.agreement, r.grid.width, r.grid.height);
  const c = performance.now() - t;
  console.log('zoneRaster', a.toFixed(0), 'stability', b.toFixed(0), 'png', c.toFixed(0), r.grid.width, r.grid.height, z.polygons.length);
}
