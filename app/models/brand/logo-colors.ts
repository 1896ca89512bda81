// A logo's main colours by a small k-means over its visible pixels (pure, no I/O): the pixels of
// a downscaled logo (RGBA) are grouped into up to 5 clusters, started from the most distant
// pixels (deterministic), and the biggest clusters that differ clearly from each other are the
// suggestions. Near-white is left out when the logo has other colours: it is usually the
// logo's background, not its brand colour.
import { rgbToHex } from "~/providers/image/color";

type Px = [number, number, number];

const dist2 = (a: Px, b: Px) => (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2;

/** Up to `max` (2..3) colours as "#rrggbb", most used first; at least two (a second is derived when the logo has one colour). */
export function dominantColors(rgba: Uint8Array | Buffer, max = 3): string[] {
  const all: Px[] = [];
  for (let i = 0; i + 3 < rgba.length; i += 4) if (rgba[i + 3] >= 128) all.push([rgba[i], rgba[i + 1], rgba[i + 2]]);
  if (!all.length) return ["#1e3a8a", "#f59e0b"];
  const coloured = all.filter((p) => Math.min(...p) < 235);
  const pixels = coloured.length >= all.length * 0.05 ? coloured : all;
  const k = Math.min(5, pixels.length);
  // Farthest-point start: the first pixel, then each time the pixel farthest from every centre.
  const centres: Px[] = [pixels[0]];
  while (centres.length < k) {
    let best = pixels[0];
    let bestD = -1;
    for (const p of pixels) {
      const d = Math.min(...centres.map((c) => dist2(p, c)));
      if (d > bestD) [best, bestD] = [p, d];
    }
    if (bestD <= 0) break;
    centres.push(best);
  }
  let counts: number[] = [];
  for (let iter = 0; iter < 12; iter++) {
    const sums = centres.map(() => [0, 0, 0]);
    counts = centres.map(() => 0);
    for (const p of pixels) {
      let j = 0;
      for (let c = 1; c < centres.length; c++) if (dist2(p, centres[c]) < dist2(p, centres[j])) j = c;
      counts[j]++;
      for (let ch = 0; ch < 3; ch++) sums[j][ch] += p[ch];
    }
    centres.forEach((_, j) => {
      if (counts[j]) centres[j] = [sums[j][0] / counts[j], sums[j][1] / counts[j], sums[j][2] / counts[j]];
    });
  }
  const order = centres.map((c, j) => ({ c, n: counts[j] })).sort((a, b) => b.n - a.n);
  const picked: Px[] = [];
  for (const { c, n } of order) {
    if (n < pixels.length * 0.02) continue;
    if (picked.every((p) => dist2(p, c) > 48 ** 2)) picked.push(c);
    if (picked.length >= Math.max(2, Math.min(3, max))) break;
  }
  const hex = picked.map(([r, g, b]) => rgbToHex({ r, g, b }));
  if (hex.length < 2) {
    const [r, g, b] = picked[0];
    const light = (r + g + b) / 3 > 128;
    hex.push(light ? "#111827" : "#ffffff");
  }
  return hex;
}
