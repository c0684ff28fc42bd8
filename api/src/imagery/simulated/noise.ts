/**
 * Seeded, allocation-free randomness for the simulated source: integer hashes, a uniform PRNG and
 * 2D gradient (Perlin) noise whose lattice gradients come from a hash of (cell, seed), so any seed
 * gives a new, reproducible field without a permutation table. Never Math.random.
 */

/** A 32-bit hash of two integers and a seed (murmur3 finaliser). */
export function hash3(a: number, b: number, seed: number): number {
  let h = Math.imul(a | 0, 0x27d4eb2d) ^ Math.imul(b | 0, 0x165667b1) ^ Math.imul(seed | 0, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A 32-bit hash of a string (FNV-1a), e.g. a field id or a date, to seed from. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return hash3(h, text.length, 0x5bd1e995);
}

/** A uniform number in [0, 1) from two integers and a seed. */
export const uniform = (a: number, b: number, seed: number): number => hash3(a, b, seed) / 4294967296;

// Eight unit gradient directions: the axes and the diagonals.
const D = Math.SQRT1_2;
const GRAD_X = new Float64Array([1, -1, 0, 0, D, -D, D, -D]);
const GRAD_Y = new Float64Array([0, 0, 1, -1, D, D, -D, -D]);

const fade = (t: number): number => t * t * t * (t * (t * 6 - 15) + 10);

function corner(ix: number, iy: number, seed: number, dx: number, dy: number): number {
  const g = hash3(ix, iy, seed) & 7;
  return (GRAD_X[g] as number) * dx + (GRAD_Y[g] as number) * dy;
}

/** Perlin gradient noise at (x, y) in lattice units; about −0.7 … 0.7, zero on lattice points. */
export function perlin(x: number, y: number, seed: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const u = fade(fx);
  const v = fade(fy);
  const n00 = corner(x0, y0, seed, fx, fy);
  const n10 = corner(x0 + 1, y0, seed, fx - 1, fy);
  const n01 = corner(x0, y0 + 1, seed, fx, fy - 1);
  const n11 = corner(x0 + 1, y0 + 1, seed, fx - 1, fy - 1);
  const a = n00 + u * (n10 - n00);
  const b = n01 + u * (n11 - n01);
  return a + v * (b - a);
}

/**
 * Fractal (fBm) noise in ground metres: `octaves` layers of Perlin noise, the first with wavelength
 * `wavelength`, each next one half as long and half as strong. Normalised to about −1 … 1.
 */
export function fbm(x: number, y: number, wavelength: number, octaves: number, seed: number): number {
  let sum = 0;
  let amplitude = 1;
  let norm = 0;
  let scale = 1 / wavelength;
  for (let octave = 0; octave < octaves; octave += 1) {
    sum += amplitude * perlin(x * scale, y * scale, seed + octave * 7919);
    norm += amplitude;
    amplitude *= 0.5;
    scale *= 2;
  }
  return (sum / norm) * 1.6;
}
