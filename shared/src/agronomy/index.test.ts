import {
  baseTemperatureOf,
  dailyGdd,
  daysAfterSowing,
  recentFigures,
  seasonFigures,
  type DailyTemperatureRain,
} from '.';

// A fixed 40-day series crossing the base temperatures: cold nights below 0 °C, mild days, some rain.
const series: DailyTemperatureRain[] = Array.from({ length: 40 }, (_, i) => ({
  date: new Date(Date.UTC(2026, 4, 1 + i)).toISOString().slice(0, 10),
  tmin: Math.round((-3 + 6 * Math.sin(i / 3)) * 10) / 10,
  tmax: Math.round((9 + 7 * Math.cos(i / 5)) * 10) / 10,
  rain: i % 4 === 0 ? Math.round((i / 3) * 10) / 10 : 0,
}));

describe('growing degree days (McMaster & Wilhelm 1997, method 2)', () => {
  it('clips Tmax and Tmin to the base before averaging, never negative', () => {
    expect(dailyGdd(-4, 10, 0)).toBe(5); // (10 + 0) / 2 − 0, not (10 − 4) / 2
    expect(dailyGdd(2, 12, 5)).toBe(3.5); // (12 + 5) / 2 − 5
    expect(dailyGdd(-6, 3, 5)).toBe(0); // both below the base
  });

  it('uses 0 °C for wheat and barley, 5 °C for canola, 0 °C (stated) for an unlisted crop', () => {
    expect(baseTemperatureOf('Wheat')).toEqual({ baseC: 0, listed: true });
    expect(baseTemperatureOf('barley')).toEqual({ baseC: 0, listed: true });
    expect(baseTemperatureOf('Canola')).toEqual({ baseC: 5, listed: true });
    expect(baseTemperatureOf('Dragonfruit')).toEqual({ baseC: 0, listed: false });
  });

  it('equal an independent calculation from the same daily series: GDD and rain from sowing, frost days', () => {
    const sowing = '2026-05-08';
    const until = '2026-06-05';
    for (const [crop, base] of [
      ['Wheat', 0],
      ['Canola', 5],
    ] as const) {
      const figures = seasonFigures(series, { sowingDate: sowing, crop, until });
      // Independently: sum over the days from sowing to `until` of (max(Tmax,B) + max(Tmin,B)) / 2 − B.
      let gdd = 0;
      let rain = 0;
      let frost = 0;
      let hard = 0;
      for (const d of series) {
        if (d.date < sowing || d.date > until) continue;
        const hi = d.tmax < base ? base : d.tmax;
        const lo = d.tmin < base ? base : d.tmin;
        gdd += (hi + lo) / 2 - base;
        rain += d.rain;
        if (d.tmin <= 2) frost += 1;
        if (d.tmin <= 0) hard += 1;
      }
      expect(figures.baseC).toBe(base);
      expect(figures.gdd).toBeCloseTo(gdd, 1);
      expect(figures.rain).toBeCloseTo(rain, 1);
      expect(figures.frostDays).toBe(frost);
      expect(figures.hardFrostDays).toBe(hard);
      expect(figures.days).toBe(29);
      expect(frost).toBeGreaterThan(hard);
      // The cumulative series starts at sowing and ends at the totals.
      expect(figures.series.find((p) => p.date === '2026-05-07')?.gdd).toBeNull();
      expect(figures.series.find((p) => p.date === until)?.gdd).toBeCloseTo(gdd, 1);
      expect(figures.series.find((p) => p.date === until)?.rain).toBeCloseTo(rain, 1);
    }
  });

  it('without a sowing date gives no GDD and counts rain from the first day', () => {
    const figures = seasonFigures(series, { sowingDate: null, crop: 'Wheat' });
    expect(figures.gdd).toBeNull();
    expect(figures.rain).toBeCloseTo(
      series.reduce((sum, d) => sum + d.rain, 0),
      1,
    );
    expect(figures.series.every((p) => p.gdd === null)).toBe(true);
  });
});

describe('recent weather and crop age', () => {
  it('sums the last n days up to today', () => {
    const last7 = recentFigures(series, '2026-06-09', 7);
    const window = series.slice(-7);
    expect(last7.days).toBe(7);
    expect(last7.rain).toBeCloseTo(
      window.reduce((s, d) => s + d.rain, 0),
      1,
    );
    expect(last7.lowest).toBe(Math.min(...window.map((d) => d.tmin)));
  });

  it('counts days after sowing', () => {
    expect(daysAfterSowing('2026-05-08', '2026-05-08')).toBe(0);
    expect(daysAfterSowing('2026-06-07', '2026-05-08')).toBe(30);
  });
});
