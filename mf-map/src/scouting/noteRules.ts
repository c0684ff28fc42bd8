import { booleanPointInPolygon } from '@turf/turf';
import type { AreaGeometry, ScoutingGeometry, ScoutingIndexReading } from '@paddock/shared/contracts';
import { formatDate } from '@paddock/shared/format';
import { polygonsOf } from '@paddock/shared/geo';

/** The field a pin is in (the first whose boundary holds it), or null outside every field. */
export function fieldAt(
  fields: readonly { id: string; geometry: AreaGeometry }[],
  [lon, lat]: readonly [number, number],
): string | null {
  for (const field of fields) {
    if (booleanPointInPolygon([lon, lat], field.geometry)) return field.id;
  }
  return null;
}

/** Today in the device's own calendar (a note is seen on the farmer's day, not UTC's). */
export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** What the outbox line says: how many notes wait, and why they are not sent yet. */
export function waitingLine(
  count: number,
  status: 'idle' | 'sending' | 'offline' | 'signed-out',
  sent: number,
  total: number,
): string {
  if (count === 0) return 'Every note is sent.';
  const notes = count === 1 ? '1 note' : `${count} notes`;
  switch (status) {
    case 'sending':
      return total > 0 ? `Sending ${notes}: ${Math.floor((sent / total) * 100)}% of photos sent` : `Sending ${notes}`;
    case 'offline':
      return `${notes} waiting for signal. They send by themselves when you are back online.`;
    case 'signed-out':
      return `${notes} waiting. Sign in again to send them.`;
    case 'idle':
      return `${notes} waiting to send.`;
  }
}

/** A note's index reading as people read it: 'NDVI 0.62 on 26 Nov 2026'. */
export function readingLine(reading: ScoutingIndexReading): string {
  return `${reading.index.toUpperCase()} ${reading.value.toFixed(2)} on ${formatDate(reading.date)}`;
}

/** A note's area as its rings of [lon, lat] (none for a pin). */
export const rings = (geometry: ScoutingGeometry): number[][][] => {
  if (geometry.type === 'Point') return [];
  return polygonsOf(geometry).flatMap((polygon) =>
    polygon.map((ring) => ring.map(([lon, lat]) => [lon as number, lat as number])),
  );
};

/** The note's place as one position: the pin, or the middle of the area's outer ring's corners. */
export function noteAnchor(geometry: ScoutingGeometry): [number, number] {
  if (geometry.type === 'Point') return geometry.coordinates;
  const outer = rings(geometry)[0] ?? [[0, 0]];
  let lonSum = 0;
  let latSum = 0;
  for (const [lon = 0, lat = 0] of outer) {
    lonSum += lon;
    latSum += lat;
  }
  return [lonSum / outer.length, latSum / outer.length];
}
