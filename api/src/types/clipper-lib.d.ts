/** The part of clipper-lib (Angus Johnson's Clipper 6, JavaScript port) the zoning engine uses. */
declare module 'clipper-lib' {
  export interface IntPoint {
    X: number;
    Y: number;
  }
  export type Path = IntPoint[];
  export class PolyNode {
    Contour(): Path;
    Childs(): PolyNode[];
    IsHole(): boolean;
  }
  export class PolyTree extends PolyNode {}
  export class Clipper {
    constructor(initOptions?: number);
    StrictlySimple: boolean;
    AddPaths(paths: Path[], polyType: number, closed: boolean): boolean;
    Execute(clipType: number, solution: PolyTree, subjFillType: number, clipFillType: number): boolean;
  }
  const ClipperLib: {
    Clipper: typeof Clipper;
    PolyTree: typeof PolyTree;
    PolyType: { ptSubject: number; ptClip: number };
    ClipType: { ctIntersection: number; ctUnion: number; ctDifference: number; ctXor: number };
    PolyFillType: { pftEvenOdd: number; pftNonZero: number; pftPositive: number; pftNegative: number };
  };
  export default ClipperLib;
}
