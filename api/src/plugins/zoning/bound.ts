import ClipperLib, { type Path, type PolyNode } from 'clipper-lib';
import type { AreaGeometry, Position, ValidationIssue, ZoneCollection, ZoneFeature } from '@paddock/shared/contracts';
import { UnprocessableError } from '../../errors';
import { areaInHectares, bboxOf, polygonsOf } from '../../geo/geometry';

/**
 * The zones sold are the server's (issue 24): whatever shapes a client sends for a zoning item or a
 * rate update, the zones kept are cut to the boundaries of the fields being paid for.
 *
 * Per field, in the client's order: each zone tagged with the field keeps only its part inside the
 * field that no earlier zone of the field already covers (so zones never overlap and never leave the
 * field); a zone left empty is dropped. What the zones leave uncovered (slivers along the boundary from
 * the engine's simplification) joins the field's largest zone, so the zones cover the field exactly
 * and their areas add up to the field's area. Zones that cover less than 99 % of a field are refused
 * (they were made for another boundary): the user makes them again.
 *
 * Clipping is done by Clipper in integer coordinates: degrees from the field's south-west corner
 * scaled so the field spans Clipper's exact range (well under a millimetre per unit).
 */

/** A field the zones are bound to: its id, name (for messages) and boundary. */
export interface BoundaryField {
  id: string;
  name: string;
  geometry: AreaGeometry;
}

/** More than this share of a field left uncovered by its zones is refused. */
export const MAX_UNCOVERED_SHARE = 0.01;
/** Clipper's exact double arithmetic range (see imagery/zoning/clip.ts). */
const MAX_SAFE_CLIPPER = 47_453_132;

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
const { ClipType, PolyFillType, PolyType } = ClipperLib;

class GeoFrame {
  private readonly west: number;
  private readonly south: number;
  private readonly scale: number;

  constructor(boundary: AreaGeometry) {
    const [west, south, east, north] = bboxOf(boundary);
    this.west = west;
    this.south = south;
    const extent = Math.max(east - west, north - south, 1e-9);
    this.scale = 2 ** Math.min(40, Math.floor(Math.log2(MAX_SAFE_CLIPPER / extent)));
  }

  /** The region of a geometry as Clipper paths, normalised (outer rings one way, holes the other). */
  region(geometry: AreaGeometry): Path[] {
    // Each polygon by even-odd (its holes are holes whatever their winding), then the parts together.
    const parts = polygonsOf(geometry).flatMap((polygon) =>
      this.execute(
        ClipType.ctUnion,
        polygon.map((ring) => this.path(ring)),
        [],
        PolyFillType.pftEvenOdd,
      ),
    );
    return parts.length === 0 || polygonsOf(geometry).length === 1 ? parts : this.execute(ClipType.ctUnion, parts, []);
  }

  private path(ring: readonly Position[]): Path {
    const count = ring.length > 1 && samePosition(ring[0], ring[ring.length - 1]) ? ring.length - 1 : ring.length;
    const path: Path = [];
    for (let k = 0; k < count; k += 1) {
      const [lon = 0, lat = 0] = ring[k] as Position;
      path.push({ X: Math.round((lon - this.west) * this.scale), Y: Math.round((lat - this.south) * this.scale) });
    }
    return path;
  }

  execute(clipType: number, subject: Path[], clip: Path[], fill: number = PolyFillType.pftNonZero): Path[] {
    return pathsOf(this.tree(clipType, subject, clip, fill));
  }

  tree(clipType: number, subject: Path[], clip: Path[], fill: number = PolyFillType.pftNonZero) {
    const clipper = new ClipperLib.Clipper();
    clipper.AddPaths(subject, PolyType.ptSubject, true);
    if (clip.length > 0) clipper.AddPaths(clip, PolyType.ptClip, true);
    const tree = new ClipperLib.PolyTree();
    clipper.Execute(clipType, tree, fill, fill);
    return tree;
  }

  /** Paths back to a GeoJSON geometry (null when nothing is left). */
  geometry(paths: Path[]): AreaGeometry | null {
    if (paths.length === 0) return null;
    const polygons: Position[][][] = [];
    const ring = (path: Path): Position[] => {
      const positions: Position[] = path.map(({ X, Y }) => [X / this.scale + this.west, Y / this.scale + this.south]);
      positions.push([...(positions[0] as Position)]);
      return positions;
    };
    const visit = (node: PolyNode) => {
      for (const outer of node.Childs()) {
        const polygon = [ring(outer.Contour())];
        for (const hole of outer.Childs()) {
          polygon.push(ring(hole.Contour()));
          visit(hole);
        }
        if ((polygon[0]?.length ?? 0) >= 4) polygons.push(polygon);
      }
    };
    visit(this.tree(ClipType.ctUnion, paths, []));
    if (polygons.length === 0) return null;
    return polygons.length === 1
      ? { type: 'Polygon', coordinates: polygons[0] as Position[][] }
      : { type: 'MultiPolygon', coordinates: polygons };
  }
}

function samePosition(a: Position | undefined, b: Position | undefined): boolean {
  return a !== undefined && b !== undefined && a[0] === b[0] && a[1] === b[1];
}

function pathsOf(node: PolyNode): Path[] {
  const paths: Path[] = [];
  for (const child of node.Childs()) {
    paths.push(child.Contour());
    paths.push(...pathsOf(child));
  }
  return paths;
}

/**
 * The zones cut to their fields (see above), each with the server's ellipsoidal hectares in `area`;
 * rates and the rest of the collection kept. Throws a 422 naming each field whose zones cover less
 * than 99 % of it. Every zone's `field_id` must already be one of `fields` (see `checkZones`).
 */
export function boundZonesToFields(
  zones: ZoneCollection,
  fields: readonly BoundaryField[],
  loc: readonly (string | number)[],
): ZoneCollection {
  const issues: ValidationIssue[] = [];
  const features: ZoneFeature[] = [];
  for (const field of fields) {
    if (polygonsOf(field.geometry).length === 0) {
      issues.push({
        loc: [...loc, 'features'],
        msg: `The boundary of '${field.name}' is not known any more: its zones cannot be changed.`,
        type: 'value_error',
      });
      continue;
    }
    const frame = new GeoFrame(field.geometry);
    const boundary = frame.region(field.geometry);
    const fieldArea = areaInHectares(field.geometry);
    const [west, south, east, north] = bboxOf(field.geometry);
    let covered: Path[] = [];
    const kept: { feature: ZoneFeature; paths: Path[] }[] = [];
    for (const feature of zones.features) {
      if (feature.properties.field_id !== field.id) continue;
      const [w, s, e, n] = bboxOf(feature.geometry);
      if (w > east || e < west || s > north || n < south) continue; // entirely outside the field
      const inside = frame.execute(ClipType.ctIntersection, frame.region(feature.geometry), boundary);
      const fresh = covered.length === 0 ? inside : frame.execute(ClipType.ctDifference, inside, covered);
      if (fresh.length === 0) continue;
      covered = covered.length === 0 ? fresh : frame.execute(ClipType.ctUnion, covered, fresh);
      kept.push({ feature, paths: fresh });
    }
    const left = frame.execute(ClipType.ctDifference, boundary, covered);
    const leftGeometry = frame.geometry(left);
    const uncovered = leftGeometry ? areaInHectares(leftGeometry) : 0;
    if (kept.length === 0 || uncovered > fieldArea * MAX_UNCOVERED_SHARE) {
      const share = fieldArea > 0 ? Math.round(((fieldArea - uncovered) / fieldArea) * 100) : 0;
      issues.push({
        loc: [...loc, 'features'],
        msg: `The zones of '${field.name}' cover ${share} % of the field: its boundary has changed since they were made. Please create its zones again.`,
        type: 'value_error',
      });
      continue;
    }
    if (left.length > 0) {
      // The slivers the zones leave join the field's largest zone.
      const measured = kept.map((entry) => areaInHectares(frame.geometry(entry.paths) as AreaGeometry));
      const largest = measured.indexOf(Math.max(...measured));
      const target = kept[largest] as (typeof kept)[number];
      target.paths = frame.execute(ClipType.ctUnion, target.paths, left);
    }
    for (const { feature, paths } of kept) {
      const geometry = frame.geometry(paths);
      if (!geometry) continue;
      features.push({
        ...feature,
        geometry,
        properties: { ...feature.properties, area: round4(areaInHectares(geometry)) },
      });
    }
  }
  if (issues.length > 0) throw new UnprocessableError(issues);
  return { ...zones, features };
}

/** The outline of the zones of one field (the boundary a paid order's zones were sold for). */
export function zonesOutline(zones: ZoneCollection, fieldId: string): AreaGeometry | null {
  const polygons = zones.features
    .filter((feature) => feature.properties.field_id === fieldId)
    .flatMap((feature) => polygonsOf(feature.geometry));
  if (polygons.length === 0) return null;
  const outline: AreaGeometry = { type: 'MultiPolygon', coordinates: polygons };
  const frame = new GeoFrame(outline);
  return frame.geometry(frame.region(outline));
}

/** The part of `a` inside `b` (null when they do not meet), in `a`'s frame: give the smaller as `a` for precision. */
export function intersectGeometries(a: AreaGeometry, b: AreaGeometry): AreaGeometry | null {
  const frame = new GeoFrame(a);
  return frame.geometry(frame.execute(ClipType.ctIntersection, frame.region(a), frame.region(b)));
}
