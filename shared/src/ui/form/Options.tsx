import type { ReactNode } from 'react';

interface OptionsProps<T extends string | number> {
  values: readonly T[];
  /** What the user reads for a value; the value itself unless given. */
  label?: (value: T) => ReactNode;
}

/** A select's options, one per value, in order. */
export function Options<T extends string | number>({ values, label = (value) => value }: OptionsProps<T>) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {label(value)}
        </option>
      ))}
    </>
  );
}
