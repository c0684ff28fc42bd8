import { render, screen } from '@testing-library/react';
import type { AreaGeometry, Position } from '@paddock/shared/contracts';
import { mercator, thumbnailPath } from '../../lib/thumbnail';
import { FieldThumbnail } from './FieldThumbnail';

/** Every "x y" pair of a path made of M, L and Z commands. */
function pointsOf(path: string): Array<[number, number]> {
  return path
    .split(/[MLZ]/)
    .filter(Boolean)
    .map((pair) => pair.trim().split(' ').map(Number) as [number, number]);
}

// A field twice as wide as it is tall, near Wagga Wagga, with a square hole in the middle.
const outer: Position[] = [
  [147.0, -35.0],
  [147.02, -35.0],
  [147.02, -35.01],
  [147.0, -35.01],
  [147.0, -35.0],
];
const hole: Position[] = [
  [147.009, -35.004],
  [147.011, -35.004],
  [147.011, -35.006],
  [147.009, -35.006],
  [147.009, -35.004],
];
const field: AreaGeometry = { type: 'Polygon', coordinates: [outer, hole] };

describe('field thumbnail', () => {
  it('fits the wider side exactly into the 16-unit padding of the 200-unit box and centres the other', () => {
    const points = pointsOf(thumbnailPath(field));
    const xs = points.map(([x]) => x);
    const ys = points.map(([, y]) => y);
    expect(Math.min(...xs)).toBeCloseTo(16, 1);
    expect(Math.max(...xs)).toBeCloseTo(184, 1);
    // Mercator stretches latitude by 1/cos(lat): the box's height is 168 × (Δy/Δx) in projected units.
    const [x0, y0] = mercator([147.0, -35.0]);
    const [x1, y1] = mercator([147.02, -35.01]);
    const height = (168 * Math.abs(y1 - y0)) / Math.abs(x1 - x0);
    expect(Math.max(...ys) - Math.min(...ys)).toBeCloseTo(height, 1);
    expect((Math.max(...ys) + Math.min(...ys)) / 2).toBeCloseTo(100, 1);
  });

  it('puts north at the top', () => {
    const [first, , third] = pointsOf(thumbnailPath(field));
    // The first corner is the northern edge (-35.0), the third the southern (-35.01).
    expect(first?.[1]).toBeLessThan(third?.[1] ?? 0);
  });

  it('draws a multipolygon and its holes as one evenodd path, one subpath per ring', () => {
    const triangle: Position[] = [
      [147.03, -35.0],
      [147.04, -35.0],
      [147.04, -35.01],
      [147.03, -35.0],
    ];
    const multi: AreaGeometry = { type: 'MultiPolygon', coordinates: [[outer, hole], [triangle]] };
    const path = thumbnailPath(multi);
    expect(path.match(/M/g)).toHaveLength(3);
    for (const [x, y] of pointsOf(path)) {
      expect(x).toBeGreaterThanOrEqual(15.99);
      expect(x).toBeLessThanOrEqual(184.01);
      expect(y).toBeGreaterThanOrEqual(15.99);
      expect(y).toBeLessThanOrEqual(184.01);
    }
  });

  it('renders a 100×100 SVG at 2× detail named after the field', () => {
    render(<FieldThumbnail geometry={field} name="North Paddock" />);
    const svg = screen.getByRole('img', { name: 'Outline of North Paddock' });
    expect(svg).toHaveAttribute('width', '100');
    expect(svg).toHaveAttribute('height', '100');
    expect(svg).toHaveAttribute('viewBox', '0 0 200 200');
    const path = svg.querySelector('path');
    expect(path).toHaveAttribute('fill-rule', 'evenodd');
    expect(path).toHaveAttribute('stroke-width', '4');
    expect(path?.getAttribute('d')).toBe(thumbnailPath(field));
  });
});
