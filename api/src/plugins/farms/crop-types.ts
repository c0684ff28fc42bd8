/** The catch-all crop type, last in the list and the import default (spec 1 §3, §9). */
export const OTHER_CROP_TYPE = 'Other';

/**
 * Crops grown in Australia, for the field crop type picker: broadacre cereals, pulses and oilseeds,
 * cotton, sugarcane and rice, vegetables, fruit, nuts and vines, fodder and pasture. Sorted, 'Other' last.
 */
export const CROP_TYPES: readonly string[] = [
  ...[
    'Almonds',
    'Apples',
    'Avocados',
    'Bananas',
    'Barley',
    'Blueberries',
    'Broccoli',
    'Canola',
    'Carrots',
    'Cereal Rye',
    'Cherries',
    'Chickpeas',
    'Citrus',
    'Cotton',
    'Durum Wheat',
    'Faba Beans',
    'Fallow',
    'Field Peas',
    'Forage Brassicas',
    'Hemp',
    'Lentils',
    'Lettuce',
    'Linseed',
    'Lucerne',
    'Lupins',
    'Macadamias',
    'Maize',
    'Mangoes',
    'Millet',
    'Mungbeans',
    'Oaten Hay',
    'Oats',
    'Olives',
    'Onions',
    'Pasture (Annual)',
    'Pasture (Perennial)',
    'Peanuts',
    'Pears',
    'Pistachios',
    'Potatoes',
    'Pumpkins',
    'Rice',
    'Safflower',
    'Sorghum',
    'Soybeans',
    'Stone Fruit',
    'Strawberries',
    'Sugarcane',
    'Sunflowers',
    'Table Grapes',
    'Tomatoes',
    'Triticale',
    'Vetch',
    'Walnuts',
    'Wheat',
    'Wine Grapes',
  ].sort((a, b) => a.localeCompare(b, 'en')),
  OTHER_CROP_TYPE,
];

const byLowerCase = new Map(CROP_TYPES.map((crop) => [crop.toLowerCase(), crop]));

/** A crop type as stored: the list's spelling when it is one of them (any case), null when empty. */
export function normaliseCropType(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  return byLowerCase.get(trimmed.toLowerCase()) ?? trimmed;
}
