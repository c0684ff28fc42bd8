import { describeLocation, distanceKm, TOWNS } from './location';

describe('farm location', () => {
  it('names the nearest listed town within 150 km', () => {
    expect(describeLocation([147.36, -35.12, 147.38, -35.1])).toBe('near Wagga Wagga, NSW');
    expect(describeLocation([149.7, -29.6, 149.9, -29.4])).toBe('near Moree, NSW');
    expect(describeLocation([117.5, -33.7, 117.6, -33.6])).toBe('near Katanning, WA');
    expect(describeLocation([142.1, -36.8, 142.3, -36.6])).toBe('near Horsham, VIC');
  });

  it('falls back to "lat, lon" (3 decimals) far from every town, and null without fields', () => {
    expect(describeLocation([137, -25.5, 137.01, -25.49])).toBe('-25.495, 137.005');
    expect(describeLocation([-0.0001, -0.0001, 0.0001, 0.0001])).toBe('0.000, 0.000');
    expect(describeLocation(null)).toBeNull();
  });

  it('has a few hundred towns in every state and territory', () => {
    expect(TOWNS.length).toBeGreaterThanOrEqual(150);
    expect(TOWNS.length).toBeLessThanOrEqual(300);
    expect(new Set(TOWNS.map((town) => town.state))).toEqual(
      new Set(['NSW', 'ACT', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT']),
    );
    for (const town of TOWNS) {
      expect(town.lat).toBeGreaterThan(-44);
      expect(town.lat).toBeLessThan(-10);
      expect(town.lon).toBeGreaterThan(112);
      expect(town.lon).toBeLessThan(154);
    }
    expect(new Set(TOWNS.map((town) => `${town.name}, ${town.state}`)).size).toBe(TOWNS.length);
  });

  it('measures great-circle distances', () => {
    // Sydney to Melbourne is about 714 km.
    expect(distanceKm({ lat: -33.868, lon: 151.209 }, { lat: -37.814, lon: 144.963 })).toBeCloseTo(714, -1);
  });
});
