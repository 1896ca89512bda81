// A real local analysis of a product photo (analyze_product_image,
// docs/decisions/176-product-image-analysis.md): measured with sharp, no model and nothing
// guessed — its size and aspect, brightness and contrast, its dominant colours (named), whether
// the background is plain, and where the subject is (the pixels that differ from the
// background colour seen along the border).
import sharp from "sharp";
import { rgbToHex, rgbToHsl, type Rgb } from "./color";

export interface ImageColour {
  hex: string;
  name: string;
  /** Share of the picture's pixels, 0..1. */
  share: number;
}

export interface ImageAnalysis {
  width: number;
  height: number;
  /** "4:5", "16:9" ... the nearest common ratio, and the exact one. */
  aspectRatio: string;
  ratio: number;
  orientation: "portrait" | "landscape" | "square";
  /** Mean luma 0..1 and its spread (standard deviation, 0..0.5). */
  brightness: number;
  contrast: number;
  lighting: "dark" | "balanced" | "bright";
  dominantColours: ImageColour[];
  background: { plain: boolean; hex: string; name: string };
  /** The subject's box as fractions of the picture (0..1), and how much of it the box covers. */
  subject: { x: number; y: number; width: number; height: number; coverage: number; position: string };
  /** A short sentence for people and prompts. */
  summary: string;
}

const SAMPLE_SIDE = 160;
const COMMON_RATIOS: Array<[string, number]> = [
  ["1:1", 1],
  ["4:5", 4 / 5],
  ["3:4", 3 / 4],
  ["2:3", 2 / 3],
  ["9:16", 9 / 16],
  ["5:4", 5 / 4],
  ["4:3", 4 / 3],
  ["3:2", 3 / 2],
  ["16:9", 16 / 9],
];

const NAMED: Array<[string, Rgb]> = [
  ["black", { r: 20, g: 20, b: 20 }],
  ["white", { r: 245, g: 245, b: 245 }],
  ["grey", { r: 128, g: 128, b: 128 }],
  ["silver", { r: 192, g: 192, b: 192 }],
  ["red", { r: 200, g: 30, b: 40 }],
  ["orange", { r: 240, g: 130, b: 30 }],
  ["yellow", { r: 240, g: 210, b: 40 }],
  ["gold", { r: 200, g: 160, b: 60 }],
  ["green", { r: 50, g: 150, b: 60 }],
  ["teal", { r: 30, g: 140, b: 140 }],
  ["blue", { r: 40, g: 90, b: 200 }],
  ["navy", { r: 25, g: 35, b: 90 }],
  ["purple", { r: 120, g: 60, b: 160 }],
  ["pink", { r: 235, g: 130, b: 170 }],
  ["brown", { r: 120, g: 80, b: 45 }],
  ["beige", { r: 225, g: 205, b: 170 }],
  ["cream", { r: 250, g: 240, b: 215 }],
];

/** The nearest everyday colour name (weighted RGB distance). */
export function colourName(rgb: Rgb): string {
  let best = "grey";
  let bestD = Infinity;
  for (const [name, c] of NAMED) {
    const dr = rgb.r - c.r;
    const dg = rgb.g - c.g;
    const db = rgb.b - c.b;
    const d = 2 * dr * dr + 4 * dg * dg + 3 * db * db;
    if (d < bestD) [best, bestD] = [name, d];
  }
  // Very unsaturated colours are greys whatever their nearest hue.
  const { s, l } = rgbToHsl(rgb);
  if (s < 0.12 && best !== "white" && best !== "black" && best !== "silver") return l > 0.85 ? "white" : l < 0.15 ? "black" : "grey";
  return best;
}

function nearestRatio(ratio: number): string {
  let best = COMMON_RATIOS[0];
  for (const r of COMMON_RATIOS) if (Math.abs(Math.log(r[1] / ratio)) < Math.abs(Math.log(best[1] / ratio))) best = r;
  return best[0];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Analyses an image (any format sharp reads). Throws when the bytes are not an image. */
export async function analyzeImage(input: Buffer | string): Promise<ImageAnalysis> {
  const image = sharp(input, { failOn: "error" }).rotate();
  const meta = await image.metadata();
  const swap = (meta.orientation ?? 1) >= 5;
  const width = (swap ? meta.height : meta.width) ?? 0;
  const height = (swap ? meta.width : meta.height) ?? 0;
  if (!width || !height) throw new Error("The file is not an image");
  const { data, info } = await image
    .resize(SAMPLE_SIDE, SAMPLE_SIDE, { fit: "inside" })
    .flatten({ background: "#ffffff" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const w = info.width;
  const h = info.height;
  const n = w * h;
  const at = (i: number): Rgb => ({ r: data[i * 3], g: data[i * 3 + 1], b: data[i * 3 + 2] });

  // Brightness and contrast (Rec. 709 luma).
  let sum = 0;
  let sumSq = 0;
  for (let i = 0; i < n; i++) {
    const { r, g, b } = at(i);
    const y = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    sum += y;
    sumSq += y * y;
  }
  const brightness = sum / n;
  const contrast = Math.sqrt(Math.max(0, sumSq / n - brightness * brightness));

  // Dominant colours: 4 bits per channel buckets, the biggest ones averaged, similar names merged.
  const buckets = new Map<number, { r: number; g: number; b: number; count: number }>();
  for (let i = 0; i < n; i++) {
    const { r, g, b } = at(i);
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    const bucket = buckets.get(key) ?? { r: 0, g: 0, b: 0, count: 0 };
    bucket.r += r;
    bucket.g += g;
    bucket.b += b;
    bucket.count++;
    buckets.set(key, bucket);
  }
  const byName = new Map<string, { r: number; g: number; b: number; count: number }>();
  for (const bucket of [...buckets.values()].sort((a, b) => b.count - a.count)) {
    const rgb = { r: bucket.r / bucket.count, g: bucket.g / bucket.count, b: bucket.b / bucket.count };
    const name = colourName(rgb);
    const merged = byName.get(name) ?? { r: 0, g: 0, b: 0, count: 0 };
    merged.r += bucket.r;
    merged.g += bucket.g;
    merged.b += bucket.b;
    merged.count += bucket.count;
    byName.set(name, merged);
  }
  const dominantColours = [...byName.entries()]
    .sort((a, b) => b[1].count - a[1].count)
    .slice(0, 5)
    .map(([name, c]) => ({
      name,
      hex: rgbToHex({ r: Math.round(c.r / c.count), g: Math.round(c.g / c.count), b: Math.round(c.b / c.count) }),
      share: round2(c.count / n),
    }))
    .filter((c) => c.share >= 0.02);

  // Background: the border's median colour, plain when most border pixels are close to it.
  const border: number[] = [];
  for (let x = 0; x < w; x++) border.push(x, (h - 1) * w + x);
  for (let y = 1; y < h - 1; y++) border.push(y * w, y * w + w - 1);
  const channel = (c: "r" | "g" | "b") => border.map((i) => at(i)[c]).sort((a, b) => a - b)[Math.floor(border.length / 2)];
  const bg = { r: channel("r"), g: channel("g"), b: channel("b") };
  const distance = (p: Rgb) => Math.sqrt((p.r - bg.r) ** 2 + (p.g - bg.g) ** 2 + (p.b - bg.b) ** 2);
  const THRESHOLD = 48;
  const plain = border.filter((i) => distance(at(i)) < THRESHOLD).length / border.length > 0.8;

  // Subject: the box of the pixels that differ from the background (the whole picture when the
  // background is not plain: then nothing tells the subject from its surroundings).
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  let count = 0;
  if (plain) {
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        if (distance(at(y * w + x)) >= THRESHOLD) {
          count++;
          if (x < x0) x0 = x;
          if (x > x1) x1 = x;
          if (y < y0) y0 = y;
          if (y > y1) y1 = y;
        }
      }
    }
  }
  if (!plain || x1 < 0 || count < n * 0.005) {
    x0 = 0;
    y0 = 0;
    x1 = w - 1;
    y1 = h - 1;
    count = n;
  }
  const box = { x: round2(x0 / w), y: round2(y0 / h), width: round2((x1 - x0 + 1) / w), height: round2((y1 - y0 + 1) / h) };
  const cx = (x0 + x1 + 1) / 2 / w;
  const cy = (y0 + y1 + 1) / 2 / h;
  const horizontal = cx < 0.4 ? "left" : cx > 0.6 ? "right" : "centre";
  const vertical = cy < 0.4 ? "top" : cy > 0.6 ? "bottom" : "middle";
  const position = horizontal === "centre" && vertical === "middle" ? "centred" : `${vertical} ${horizontal}`.replace("middle ", "").replace(" centre", "");
  const coverage = round2(box.width * box.height);

  const ratio = round2(width / height);
  const orientation = ratio > 1.05 ? "landscape" : ratio < 0.95 ? "portrait" : "square";
  const lighting = brightness < 0.35 ? "dark" : brightness > 0.7 ? "bright" : "balanced";
  const bgName = colourName(bg);
  const colours = dominantColours.filter((c) => !plain || c.name !== bgName).map((c) => c.name);
  const summary = [
    `A ${orientation} ${nearestRatio(width / height)} photo (${width}×${height}), ${lighting} overall`,
    plain ? `on a plain ${bgName} background` : "on a busy background",
    colours.length ? `with ${colours.slice(0, 3).join(", ")} tones` : null,
    plain ? `; the subject is ${position} and fills about ${Math.round(coverage * 100)}% of the frame.` : ".",
  ]
    .filter(Boolean)
    .join(" ")
    .replace(" ;", ";")
    .replace(" .", ".");

  return {
    width,
    height,
    aspectRatio: nearestRatio(width / height),
    ratio,
    orientation,
    brightness: round2(brightness),
    contrast: round2(contrast),
    lighting,
    dominantColours,
    background: { plain, hex: rgbToHex(bg), name: bgName },
    subject: { ...box, coverage, position },
    summary,
  };
}
