import { isInAustralia } from './place-of-supply';

describe('place of supply: in Australia from the field geometry', () => {
  it.each([
    ['Wagga Wagga NSW', 147.36, -35.12],
    ['Clare SA', 138.6, -33.83],
    ['Port Lincoln SA', 135.87, -34.72],
    ['Albany WA', 117.88, -35.02],
    ['Esperance WA', 121.89, -33.86],
    ['Geraldton WA', 114.61, -28.77],
    ['Carnarvon WA', 113.66, -24.88],
    ['Broome WA', 122.24, -17.96],
    ['Darwin NT', 130.84, -12.46],
    ['Cairns QLD', 145.77, -16.92],
    ['Brisbane QLD', 153.03, -27.47],
    ['Melbourne VIC', 144.96, -37.81],
    ['Kangaroo Island SA', 137.2, -35.8],
    ['Hobart TAS', 147.33, -42.88],
    ['Alice Springs NT', 133.88, -23.7],
  ])('%s is in Australia', (_name, lon, lat) => {
    expect(isInAustralia({ lon, lat })).toBe(true);
  });

  it.each([
    ['Christchurch NZ', 172.64, -43.53],
    ['Auckland NZ', 174.76, -36.85],
    ['Port Moresby PNG', 147.18, -9.44],
    ['Dili Timor-Leste', 125.57, -8.56],
    ['Rote Island Indonesia', 123.1, -10.75],
    ['Bali Indonesia', 115.19, -8.65],
    ['London', -0.12, 51.5],
    ['Null island', 0, 0],
  ])('%s is not', (_name, lon, lat) => {
    expect(isInAustralia({ lon, lat })).toBe(false);
  });
});
