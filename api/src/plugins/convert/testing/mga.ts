/**
 * Geographic to MGA grid coordinates with Krüger's series in n (Karney 2011, to n⁴: sub-millimetre
 * within a zone), on GRS80. Written here from the formulas, independently of proj4, to check it.
 */
export function mgaFromLonLat(lon: number, lat: number, zone: number): [number, number] {
  const a = 6378137;
  const f = 1 / 298.257222101;
  const n = f / (2 - f);
  const e = Math.sqrt(f * (2 - f));
  const A = (a / (1 + n)) * (1 + n ** 2 / 4 + n ** 4 / 64);
  const alpha = [
    n / 2 - (2 * n ** 2) / 3 + (5 * n ** 3) / 16 + (41 * n ** 4) / 180,
    (13 * n ** 2) / 48 - (3 * n ** 3) / 5 + (557 * n ** 4) / 1440,
    (61 * n ** 3) / 240 - (103 * n ** 4) / 140,
    (49561 * n ** 4) / 161280,
  ];
  const phi = (lat * Math.PI) / 180;
  const lambda = ((lon - (6 * zone - 183)) * Math.PI) / 180;
  const t = Math.sinh(Math.atanh(Math.sin(phi)) - e * Math.atanh(e * Math.sin(phi)));
  const xiPrime = Math.atan2(t, Math.cos(lambda));
  const etaPrime = Math.atanh(Math.sin(lambda) / Math.sqrt(1 + t * t));
  let xi = xiPrime;
  let eta = etaPrime;
  alpha.forEach((coefficient, i) => {
    const j = 2 * (i + 1);
    xi += coefficient * Math.sin(j * xiPrime) * Math.cosh(j * etaPrime);
    eta += coefficient * Math.cos(j * xiPrime) * Math.sinh(j * etaPrime);
  });
  const k0 = 0.9996;
  return [500000 + k0 * A * eta, 10000000 + k0 * A * xi];
}
