import { useId, useState, type ReactNode } from 'react';
import { formatHectares } from '@paddock/shared/format';
import { Button } from '@paddock/shared/ui';
import { controlStyles } from '@paddock/shared/ui/form';
import { isRateInput, totalProduct, type RateInputs, type ZoneRow } from './rates';
import styles from './zoning.module.css';

const figure = (value: number) => value.toLocaleString('en-AU', { maximumFractionDigits: 2 });

interface RatesStepProps {
  rows: readonly ZoneRow[];
  /** The rates already stored (Edit Rates); empty for a new zoning. */
  initial?: RateInputs;
  actionLabel: string;
  /** Edit Rates: the action is enabled only once a rate has changed. */
  needsChange?: boolean;
  busy: boolean;
  /** Shown under the rates table (the paint tool in zoning mode). */
  beforeTotals?: ReactNode;
  onAction(rates: RateInputs): void;
  onBack?(): void;
}

/** A rate per zone, the product and its unit, the live total product and cost, and the step's action. */
export function RatesStep({
  rows,
  initial = {},
  actionLabel,
  needsChange = false,
  busy,
  beforeTotals,
  onAction,
  onBack,
}: RatesStepProps) {
  const productId = useId();
  const unitId = useId();
  const priceId = useId();
  const [rates, setRates] = useState<RateInputs>(initial);
  const [changed, setChanged] = useState(false);
  const [product, setProduct] = useState('');
  const [unit, setUnit] = useState('L');
  const [price, setPrice] = useState('');
  const total = totalProduct(rows, rates);
  const cost = isRateInput(price) && price ? total * Number(price) : null;

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
            onChange={(event) => setProduct(event.target.value)}
          />
        </div>
        <div className={controlStyles.field}>
          <label htmlFor={unitId} className={controlStyles.label}>
            Unit
          </label>
          <select
            id={unitId}
            className={controlStyles.select}
            value={unit}
            onChange={(event) => setUnit(event.target.value)}
          >
            <option value="L">L/ha</option>
            <option value="kg">kg/ha</option>
          </select>
        </div>
      </div>
      <table className={styles.table} aria-label="Rates">
        <thead>
          <tr>
            <th scope="col">Zone</th>
            <th scope="col">Area (ha)</th>
            <th scope="col">Rate ({unit}/ha)</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((zone) => (
            <tr key={zone.zone}>
              <th scope="row">
                <span className={styles.swatch} style={{ background: zone.color }} />
                Zone {zone.zone}
              </th>
              <td>{formatHectares(zone.area)}</td>
              <td>
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
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {beforeTotals}
      <div className={controlStyles.field}>
        <label htmlFor={priceId} className={controlStyles.label}>
          Price per {unit} (AU$)
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
        Total product{product.trim() ? ` (${product.trim()})` : ''}: {figure(total)} {unit}
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
        <Button disabled={busy || (needsChange && !changed)} onClick={() => onAction(rates)}>
          {actionLabel}
        </Button>
      </div>
    </div>
  );
}
