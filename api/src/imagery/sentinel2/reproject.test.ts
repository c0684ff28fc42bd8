import proj4 from 'proj4';
import { mercatorBBox } from '../geo';
import { projDefinition, projectWindow } from './reproject';

describe('projectWindow', () => {
  it('places every pixel centre of a map tile in UTM within a centimetre of proj4 itself', () => {
    const window = { bbox: mercatorBBox([147.296, -35.124, 147.324, -35.096]), width: 250, height: 250 };
    const grid = projectWindow(window, 32755);
    const exact = proj4('EPSG:3857', projDefinition(32755));
    const [minX, minY, maxX, maxY] = window.bbox;
    const centre = (i: number, j: number) =>
      exact.forward([
        minX + ((i + 0.5) * (maxX - minX)) / window.width,
        maxY - ((j + 0.5) * (maxY - minY)) / window.height,
      ]) as [number, number];
    let worst = 0;
    for (let j = 0; j < window.height; j += 7) {
      for (let i = 0; i < window.width; i += 3) {
        const [x, y] = centre(i, j);
        worst = Math.max(
          worst,
          Math.hypot(x - (grid.x[j * window.width + i] as number), y - (grid.y[j * window.width + i] as number)),
        );
      }
    }
    expect(worst).toBeLessThan(0.01);
    // The pixel size in UTM metres: the distance to the neighbouring centres, across and down.
    const [cx, cy] = centre(125, 125);
    const [rx, ry] = centre(126, 125);
    const [dx, dy] = centre(125, 126);
    expect(grid.pixelSize).toBeCloseTo((Math.hypot(rx - cx, ry - cy) + Math.hypot(dx - cx, dy - cy)) / 2, 2);
  });

  it('knows the UTM zones, north and south, every projected CRS of the EPSG registry, and refuses the rest', () => {
    expect(projDefinition(32755)).toBe('+proj=utm +zone=55 +south +datum=WGS84 +units=m +no_defs');
    expect(projDefinition(32633)).toBe('+proj=utm +zone=33 +datum=WGS84 +units=m +no_defs');
    expect(projDefinition(2193)).toContain('+proj=tmerc +lat_0=0 +lon_0=173 +k=0.9996 +x_0=1600000 +y_0=10000000');
    expect(projDefinition(3112)).toContain('+proj=lcc');
    expect(() => projDefinition(30000)).toThrow('Unsupported CRS EPSG:30000');
    expect(() => projDefinition(4326)).toThrow('Unsupported CRS EPSG:4326'); // geographic, not projected
  });
});
