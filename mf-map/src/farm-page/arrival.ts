/** What another area asked the map to do on arrival (spec 1 §2.1, set with the shared navigateTo). */
export type MapArrival =
  { kind: 'draw' } | { kind: 'view'; fieldId: string } | { kind: 'edit'; fieldId: string } | null;

export function readArrival(state: unknown): MapArrival {
  if (typeof state !== 'object' || state === null) return null;
  const record = state as Record<string, unknown>;
  if (record.draw === true) return { kind: 'draw' };
  const fieldId = typeof record.selectedField === 'string' && record.selectedField ? record.selectedField : null;
  if (fieldId && record.edit === true) return { kind: 'edit', fieldId };
  if (fieldId && record.view === true) return { kind: 'view', fieldId };
  return null;
}
