import { fitWithin } from './resizePhoto';
import { fieldAt, localToday, waitingLine } from './noteRules';

const square = (lon: number, lat: number) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [lon, lat],
      [lon + 1, lat],
      [lon + 1, lat + 1],
      [lon, lat + 1],
      [lon, lat],
    ] as [number, number][],
  ],
});

describe('scouting rules', () => {
  it('finds the field a pin is in', () => {
    const fields = [
      { id: 'a', geometry: square(0, 0) },
      { id: 'b', geometry: square(2, 0) },
    ];
    expect(fieldAt(fields, [2.5, 0.5])).toBe('b');
    expect(fieldAt(fields, [0.5, 0.5])).toBe('a');
    expect(fieldAt(fields, [1.5, 0.5])).toBeNull();
  });

  it("takes today from the device's calendar", () => {
    expect(localToday(new Date(2026, 10, 27, 23, 59))).toBe('2026-11-27');
  });

  it('fits photos within the long edge without enlarging them', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1536, height: 2048 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('says what waits and why', () => {
    expect(waitingLine(0, 'idle', 0, 0)).toBe('Every note is sent.');
    expect(waitingLine(2, 'offline', 0, 0)).toBe(
      '2 notes waiting for signal. They send by themselves when you are back online.',
    );
    expect(waitingLine(1, 'signed-out', 0, 0)).toBe('1 note waiting. Sign in again to send them.');
    expect(waitingLine(1, 'sending', 250, 1000)).toBe('Sending 1 note: 25% of photos sent');
  });
});
