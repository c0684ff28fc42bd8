import { dateOf, dayNumber, dayOfYear } from '../dates';
import { hashString, uniform } from './noise';

/**
 * Crop growth through the Australian (southern-hemisphere) year for the simulated source: how much
 * of the ground is green canopy and how much is canopy at all (green or dry) on a given day.
 */
export type CropGroup = 'winter' | 'summer' | 'pasture' | 'perennial' | 'fallow' | 'other';

const GROUPS: Record<Exclude<CropGroup, 'other'>, readonly string[]> = {
  winter: [
    'barley',
    'canola',
    'cereal rye',
    'chickpeas',
    'durum wheat',
    'faba beans',
    'field peas',
    'forage brassicas',
    'lentils',
    'linseed',
    'lupins',
    'oaten hay',
    'oats',
    'safflower',
    'triticale',
    'vetch',
    'wheat',
  ],
  summer: [
    'cotton',
    'sorghum',
    'maize',
    'rice',
    'soybeans',
    'sunflowers',
    'mungbeans',
    'millet',
    'peanuts',
    'hemp',
    'pumpkins',
  ],
  pasture: ['pasture (annual)', 'pasture (perennial)', 'lucerne'],
  perennial: [
    'almonds',
    'apples',
    'avocados',
    'bananas',
    'blueberries',
    'cherries',
    'citrus',
    'macadamias',
    'mangoes',
    'olives',
    'pears',
    'pistachios',
    'stone fruit',
    'sugarcane',
    'table grapes',
    'walnuts',
    'wine grapes',
    'strawberries',
  ],
  fallow: ['fallow'],
};

const groupByCrop = new Map(
  Object.entries(GROUPS).flatMap(([group, crops]) => crops.map((crop) => [crop, group as CropGroup])),
);

export const cropGroup = (cropType: string | null): CropGroup =>
  groupByCrop.get(cropType?.trim().toLowerCase() ?? '') ?? 'other';

/** First month of a group's growing season (timeseries seasons): winter crops from April, summer crops from September. */
export const seasonStartMonth: Record<CropGroup, number> = {
  winter: 4,
  summer: 9,
  pasture: 7,
  perennial: 7,
  fallow: 7,
  other: 7,
};

interface AnnualCrop {
  /** Mean sowing day of the year. */
  sowing: number;
  /** Days from sowing to the middle of green-up, of senescence, and of harvest. */
  greenUp: number;
  senescence: number;
  harvest: number;
  peakGreen: number;
}

/** Winter cereals and canola: sown April–June, greenest August–September, harvested November–December. */
const WINTER: AnnualCrop = { sowing: 130, greenUp: 60, senescence: 165, harvest: 205, peakGreen: 0.9 };
/** Cotton, sorghum and other summer crops: sown October–November, greenest January–February, picked April–May. */
const SUMMER: AnnualCrop = { sowing: 295, greenUp: 45, senescence: 135, harvest: 175, peakGreen: 0.92 };

const logistic = (u: number): number => 1 / (1 + Math.exp(-u));

/** A yearly cosine that is 1 on `peakDay` of the year and 0 half a year away. */
const seasonal = (doy: number, peakDay: number): number => 0.5 + 0.5 * Math.cos((2 * Math.PI * (doy - peakDay)) / 365);

export interface Canopy {
  /** Fraction of the ground under green canopy, 0–1. */
  green: number;
  /** Fraction under any canopy (green, senescent or stubble), ≥ green. */
  cover: number;
}

function annualCanopy(crop: AnnualCrop, date: string, fieldSeed: number): Canopy {
  const day = dayNumber(date);
  const year = Number(date.slice(0, 4));
  let green = 0;
  let cover = 0;
  // This year's crop and last year's (a summer crop sown in October is still growing in March).
  for (const sownYear of [year - 1, year]) {
    const jitter = (uniform(sownYear, 1, fieldSeed) - 0.5) * 24 + (uniform(0, 2, fieldSeed) - 0.5) * 16;
    const sown = dayNumber(dateOf(sownYear, 1, 1)) + crop.sowing + jitter;
    const t = day - sown;
    if (t < -30 || t > crop.harvest + 90) continue;
    const up = logistic((t - crop.greenUp) / 9);
    green += crop.peakGreen * up * (1 - logistic((t - crop.senescence) / 10));
    // Stubble after harvest: a third of the ground stays covered, fading over the following months.
    cover += up * (1 - 0.65 * logistic((t - crop.harvest) / 4)) * (1 - logistic((t - crop.harvest - 70) / 15));
  }
  green = Math.min(1, green);
  return { green, cover: Math.min(1, Math.max(cover, green)) };
}

/** The canopy of a field of `group` on `date`; `fieldSeed` shifts sowing a little per field and year. */
export function canopyOf(group: CropGroup, date: string, fieldSeed: number): Canopy {
  const doy = dayOfYear(date);
  switch (group) {
    case 'winter':
      return annualCanopy(WINTER, date, fieldSeed);
    case 'summer':
      return annualCanopy(SUMMER, date, fieldSeed);
    case 'pasture': {
      // Green from autumn break to late spring, greenest in September, dry over summer.
      const green = 0.2 + 0.55 * seasonal(doy, 255);
      return { green, cover: 0.92 };
    }
    case 'perennial': {
      // Orchards, vines, cane: irrigated canopy, fullest in summer.
      const green = 0.45 + 0.2 * seasonal(doy, 20);
      return { green, cover: 0.75 };
    }
    case 'fallow':
      return { green: 0.04, cover: 0.3 };
    case 'other': {
      const green = 0.2 + 0.35 * seasonal(doy, 250);
      return { green, cover: 0.6 };
    }
  }
}

/** The green fraction of land outside fields (roadsides, pasture, remnant bush) on a day of the year. */
export const backgroundGreen = (doy: number): number => 0.15 + 0.4 * seasonal(doy, 250);

export const fieldSeedOf = (fieldId: string): number => hashString(fieldId);
