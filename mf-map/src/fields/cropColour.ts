/**
 * A crop's colour in the field list (as OneSoil shows it): fixed colours for the common broadacre
 * crops, a stable colour from the name for the rest, grey for no crop type.
 */
const KNOWN: Record<string, string> = {
  wheat: '#d4a017',
  'durum wheat': '#c99a2e',
  barley: '#e3c565',
  oats: '#b8a36a',
  canola: '#f2d21b',
  cotton: '#e8e4d8',
  chickpeas: '#b5813f',
  lentils: '#9c6b30',
  'faba beans': '#7a8f3a',
  'field peas': '#6fae4b',
  lupins: '#8e6bbf',
  sorghum: '#b5462f',
  maize: '#f0a830',
  rice: '#7fc97f',
  sugarcane: '#4daf4a',
  lucerne: '#2e8b57',
  'pasture (annual)': '#8fc16a',
  'pasture (perennial)': '#5f9e3f',
  fallow: '#a0826d',
  other: '#9aa39b',
};

export const NO_CROP_COLOUR = '#c4c9c4';

export function cropColour(cropType: string | null | undefined): string {
  if (!cropType) return NO_CROP_COLOUR;
  const known = KNOWN[cropType.toLowerCase()];
  if (known) return known;
  let hash = 0;
  for (const char of cropType.toLowerCase()) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `hsl(${hash % 360}, 55%, 50%)`;
}
