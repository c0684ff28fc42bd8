import { useId, useState, type ReactNode } from 'react';
import {
  MAX_PRODUCT_NAME,
  productUnitOf,
  zoneRateUnits,
  zoneRateUnitSchema,
  type ZoneRateUnit,
} from '@paddock/shared/contracts';
import { Button } from '@paddock/shared/ui';
import { ConfirmDialog } from '@paddock/shared/ui/modal';
import { controlStyles, PlainSelect, Options } from '@paddock/shared/ui/form';
import { isRateInput, totalProduct, type RateInputs, type RatesChoice, type ZoneRow } from './rates';
import { RatesTable } from './RatesTable';
import styles from './zoning.module.css';

const figure = (value: number) => value.toLocaleString('en-AU', { maximumFractionDigits: 2 });

interface RatesStepProps {
  rows: readonly ZoneRow[];
  /** The rates already stored (Edit Rates); empty for a new zoning. */
  initial?: RateInputs;
  /** The product and unit stored with the order (Edit Rates). */
  initialProduct?: string;
  initialUnit?: ZoneRateUnit;
  actionLabel: string;
  /** Edit Rates: the action is enabled only once a rate has changed. */
  needsChange?: boolean;
  busy: boolean;
  /** Shown under the rates table (the paint tool in zoning mode). */
  beforeTotals?: ReactNode;
  onAction(rates: RateInputs, choice: RatesChoice): void;
  onBack?(): void;
}

/**
 * A rate per zone, the product and its unit, the live total product and cost, and the step's action.
 * Changing the unit of rates already typed asks first: the numbers stay and would mean another unit.
 */
export function RatesStep({
  rows,
  initial = {},
  initialProduct = '',
  initialUnit = 'L/ha',
  actionLabel,
  needsChange = false,
  busy,
  beforeTotals,
  onAction,
  onBack,
}: RatesStepProps) {
  const productId = useId();
  const priceId = useId();
  const [rates, setRates] = useState<RateInputs>(initial);
  const [changed, setChanged] = useState(false);
  const [product, setProduct] = useState(initialProduct);
  const [unit, setUnit] = useState<ZoneRateUnit>(initialUnit);
  const [unitConfirmed, setUnitConfirmed] = useState(false);
  const [askedUnit, setAskedUnit] = useState<ZoneRateUnit | null>(null);
  const [price, setPrice] = useState('');
  const total = totalProduct(rows, rates);
  const cost = isRateInput(price) && price ? total * Number(price) : null;
  const amount = productUnitOf(unit);
  const typed = rows.map((row) => rates[String(row.zone)]?.trim() ?? '').filter((text) => text !== '' && text !== '.');
  const chooseUnit = (next: ZoneRateUnit) => {
    if (next === unit) return;
    // Rates already typed would keep their numbers in the new unit: ask before relabelling them.
    if (typed.length > 0) setAskedUnit(next);
    else {
      setUnit(next);
      setChanged(true);
    }
  };

  return (
    <div>
      <div className={controlStyles.compact}>
        <div className={controlStyles.field}>
          <label htmlFor={productId} className={controlStyles.label}>
            Product name
          </label>
          <input
            id={productId}
            className={controlStyles.input}
            value={product}
            maxLength={MAX_PRODUCT_NAME}
            onChange={(event) => {
              setProduct(event.target.value);
              setChanged(true);
            }}
          />
        </div>
        <PlainSelect
          label="Unit"
          value={unit}
          onChange={(value) => {
            const next = zoneRateUnitSchema.safeParse(value);
            if (next.success) chooseUnit(next.data);
          }}
        >
          <Options values={zoneRateUnits} />
        </PlainSelect>
      </div>
      <RatesTable
        rows={rows}
        unit={unit}
        rate={(zone) => (
          <input
            className={`${controlStyles.input} ${styles.rateInput}`}
            inputMode="decimal"
            aria-label={`Rate of zone ${zone.zone}`}
            value={rates[String(zone.zone)] ?? ''}
            onChange={(event) => {
              const text = event.target.value;
              if (!isRateInput(text)) return;
              setRates((current) => ({ ...current, [String(zone.zone)]: text }));
              setChanged(true);
            }}
          />
        )}
      />
      {beforeTotals}
      <div className={controlStyles.field}>
        <label htmlFor={priceId} className={controlStyles.label}>
          Price per {amount} (AU$)
        </label>
        <input
          id={priceId}
          className={`${controlStyles.input} ${styles.rateInput}`}
          inputMode="decimal"
          value={price}
          onChange={(event) => isRateInput(event.target.value) && setPrice(event.target.value)}
        />
      </div>
      <p className={styles.totals} aria-live="polite">
        Total product{product.trim() ? ` (${product.trim()})` : ''}: {figure(total)} {amount}
        {cost !== null && (
          <>
            <br />
            Total cost: AU${cost.toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
          </>
        )}
      </p>
      <div className={styles.actions}>
        {onBack && (
          <Button variant="secondary" onClick={onBack}>
            Back
          </Button>
        )}
        <Button
          disabled={busy || (needsChange && !changed)}
          onClick={() => onAction(rates, { product: product.trim(), unit, unitConfirmed })}
        >
          {actionLabel}
        </Button>
      </div>
      <ConfirmDialog
        title={`Change the unit to ${askedUnit ?? ''}?`}
        message={`The rates you typed (${typed.join(', ')}) stay the same numbers and will be read as ${askedUnit ?? ''}. Change the unit only if they are in ${askedUnit ?? ''}; otherwise keep ${unit} or type the rates again.`}
        confirmLabel={`Use ${askedUnit ?? ''}`}
        cancelLabel={`Keep ${unit}`}
        tone="primary"
        isOpen={askedUnit !== null}
        onCancel={() => setAskedUnit(null)}
        onConfirm={() => {
          if (askedUnit) setUnit(askedUnit);
          setUnitConfirmed(true);
          setChanged(true);
          setAskedUnit(null);
        }}
      />
    </div>
  );
}
