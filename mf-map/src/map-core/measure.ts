import { formatArea as formatHectareArea } from '@paddock/shared/format';

const SQUARE_METRES_PER_HECTARE = 10_000;
const METRES_PER_KILOMETRE = 1_000;

const kilometreFormat = new Intl.NumberFormat('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Spec 2 §9: lengths in km, two decimals, e.g. `1,234.57 km`. */
export const formatLength = (metres: number): string => `${kilometreFormat.format(metres / METRES_PER_KILOMETRE)} km`;

export const squareMetresToHectares = (squareMetres: number): number => squareMetres / SQUARE_METRES_PER_HECTARE;

/** Spec 1 §9: areas in hectares, two decimals, e.g. `12.35 ha`. */
export const formatArea = (squareMetres: number): string => formatHectareArea(squareMetresToHectares(squareMetres));

/** The Field Details panel's read-only area (spec 1 §2.7). */
export const approxHectares = (hectares: number): string => `Approx. ${formatHectareArea(hectares)}`;

/** What the drawing tooltip shows while a boundary is drawn: its perimeter and, once it encloses something, its area. */
export function sketchLabel(perimeterMetres: number, areaSquareMetres: number): string {
  return areaSquareMetres > 0
    ? `${formatLength(perimeterMetres)} · ${formatArea(areaSquareMetres)}`
    : formatLength(perimeterMetres);
}
