import type { ImageryAlgorithm } from '@paddock/shared/contracts';
import type { MapLayerId } from '../../store';

/** Spec 2 §4 layers, as the layer menu names them. */
export const layerLabels: Record<MapLayerId, string> = {
  standard: 'Standard Resolution',
  high_res: 'High Resolution',
  sensor_em: 'Rapid-EM',
  zoning: 'Zoning',
};

/** Calculations as the menus name them (spec 3 §2.11 names the Advanced ones in full). */
export const algorithmLabels: Record<ImageryAlgorithm, string> = {
  NDVI: 'NDVI',
  'NDVI-R': 'Regional NDVI',
  COLOUR: 'Colour',
  NDRE: 'NDRE',
  THERMAL: 'Thermal',
  PCD: 'Plant Cell Density',
  // Rapid-EM depths by name and the depth they read (spec 2 §4 codes SHALLOW / DEEP).
  SHALLOW: 'Shallow (0–0.5 m)',
  DEEP: 'Deep (0–1.5 m)',
};

/** Imagery wording (spec 1 and 2, ui-strings); the map's shared messages live in src/messages.ts. */
export const imageryMessages = {
  enableAdvancedCalculations: 'Enable Advanced calculations',
  unlockWithAdvanced: 'Unlock with Advanced',
  noDatesAvailable: 'No Dates Available',
  noDatesAvailableShort: 'No dates available',
  cropTypeUpdateFailed: "Can't update field",
  selectCropType: 'Select Crop Type',
} as const;
