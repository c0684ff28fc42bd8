import type { FarmRef } from '@paddock/shared/contracts';
import { isFixedRangeProduct } from '../../orders/rules';
import type { Product } from '@paddock/shared/contracts';

/** Spec 3 §4 wizard flow, in order. */
export const wizardSteps = [
  { id: 'selectFarmAndFields', label: 'Select Farm & Fields' },
  { id: 'selectProduct', label: 'Select Product' },
  { id: 'selectDateRange', label: 'Select Date Range' },
  { id: 'orderConfirmation', label: 'Order Confirmation' },
  { id: 'paymentInformation', label: 'Payment Information' },
] as const;
export type WizardStep = (typeof wizardSteps)[number]['id'];

export interface ChosenField {
  id: string;
  name: string;
  area: number;
  cropType: string | null;
}

export interface FarmChoice {
  farm: FarmRef;
  fields: ChosenField[];
}

/** The step after / before `step`; the 2.5m product skips the date range both ways. */
export function nextStep(step: WizardStep, product: Product | null | undefined, direction: 1 | -1): WizardStep {
  const index = wizardSteps.findIndex((candidate) => candidate.id === step);
  let target = Math.min(Math.max(index + direction, 0), wizardSteps.length - 1);
  if (wizardSteps[target]!.id === 'selectDateRange' && isFixedRangeProduct(product)) target += direction;
  return wizardSteps[target]!.id;
}
