// Removes a plain (studio) background from a product photo: a flood fill from the border
// that follows the background's colour, tolerant of soft gradients and vignettes, then a soft
// anti-aliased edge. A photo without a plain background is kept whole (backgroundRemoved false).
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { keepAtMost } from "~/utils/bounded-map";

export type Cutout = {
  /** RGBA PNG of the product, trimmed to its bounds. */
  png: Buffer;
  width: number;
  height: number;
  backgroundRemoved: boolean;
  /** Average colour of the product's visible pixels. */
  dominant: { r: number; g: number; b: number };
};

const MAX_SIDE = 1400;

/**
 * The product cut out of its photo. Every shot of an ad, and the layers drawn again for its motion,
 * start from the same photo: the last few cut-outs are kept by the photo's bytes, so one photo is
 * cut out once per process rather than once per shot.
 */
export async function cutOutProduct(input: string | Buffer): Promise<Cutout> {
  const bytes = typeof input === "string" ? await readFile(input) : input;
  const key = createHash("sha1").update(bytes).digest("hex");
  let cut = recent.get(key);
  if (!cut) {
    cut = cutOut(bytes);
    // A failed cut-out is not kept: the next call tries again (and says why).
    cut.catch(() => recent.delete(key));
    keepAtMost(recent, key, cut, RECENT_CUTOUTS);
  } else {
    // Most recently used last.
    keepAtMost(recent, key, cut, RECENT_CUTOUTS);
  }
  return cut;
}

const RECENT_CUTOUTS = 6;
const recent = new Map<string, Promise<Cutout>>();

async function cutOut(input: Buffer): Promise<Cutout> {
  const { data, info } = await sharp(input, { failOn: "error" })
    .rotate()
    .resize(MAX_SIDE, MAX_SIDE, { fit: "inside", withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = info;
  const px = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);

  const border = borderIndices(w, h);
  const transparentBorder = border.filter((i) => px[i * 4 + 3] < 16).length / border.length;
  let alpha: Uint8ClampedArray;
  let removed: boolean;
  if (transparentBorder > 0.3) {
    alpha = new Uint8ClampedArray(w * h);
    for (let i = 0; i < w * h; i++) alpha[i] = px[i * 4 + 3];
    removed = true;
  } else {
    const mask = floodBackground(px, w, h, border);
    if (mask) {
      alpha = mask;
      removed = true;
    } else {
      alpha = new Uint8ClampedArray(w * h).fill(255);
      removed = false;
    }
  }

  // Bounds of the visible product.
  let x0 = w,
    y0 = h,
    x1 = -1,
    y1 = -1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (alpha[y * w + x] > 24) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
  }
  if (x1 < 0 || (x1 - x0 + 1) * (y1 - y0 + 1) < w * h * 0.01) {
    // Nothing (or almost nothing) left: the "background" was the product. Keep the photo.
    alpha = new Uint8ClampedArray(w * h).fill(255);
    removed = false;
    x0 = 0;
    y0 = 0;
    x1 = w - 1;
    y1 = h - 1;
  }

  const rgba = Buffer.alloc(w * h * 4);
  let sr = 0,
    sg = 0,
    sb = 0,
    n = 0;
  for (let i = 0; i < w * h; i++) {
    rgba[i * 4] = px[i * 4];
    rgba[i * 4 + 1] = px[i * 4 + 1];
    rgba[i * 4 + 2] = px[i * 4 + 2];
    const a = Math.min(alpha[i], px[i * 4 + 3]);
    rgba[i * 4 + 3] = a;
    if (a > 200) {
      sr += px[i * 4];
      sg += px[i * 4 + 1];
      sb += px[i * 4 + 2];
      n++;
    }
  }
  const cw = x1 - x0 + 1;
  const ch = y1 - y0 + 1;
  let pipeline = sharp(rgba, { raw: { width: w, height: h, channels: 4 } }).extract({ left: x0, top: y0, width: cw, height: ch });
  if (removed) {
    // Soften the cut edge a little so it does not look jagged on the new background.
    const alphaPlane = await sharp(rgba, { raw: { width: w, height: h, channels: 4 } })
      .extract({ left: x0, top: y0, width: cw, height: ch })
      .extractChannel(3)
      .blur(0.6)
      .raw()
      .toBuffer();
    const rgb = await sharp(rgba, { raw: { width: w, height: h, channels: 4 } })
      .extract({ left: x0, top: y0, width: cw, height: ch })
      .removeAlpha()
      .raw()
      .toBuffer();
    pipeline = sharp(rgb, { raw: { width: cw, height: ch, channels: 3 } }).joinChannel(alphaPlane, { raw: { width: cw, height: ch, channels: 1 } });
  }
  const png = await pipeline.png().toBuffer();
  return {
    png,
    width: cw,
    height: ch,
    backgroundRemoved: removed,
    dominant: n ? { r: Math.round(sr / n), g: Math.round(sg / n), b: Math.round(sb / n) } : { r: 128, g: 128, b: 128 },
  };
}

/**
 * A light part of the product that reaches its silhouette (a white label across a bottle) has
 * the background's colour, so the fill eats it. Such bands are short runs of "background"
 * with product above and below in the same column: give them back to the product. Runs longer
 * than a third of the product's height are real background (gaps between parts).
 */
function closeGaps(bg: Uint8Array, w: number, h: number): void {
  let top = h,
    bottom = -1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!bg[y * w + x]) {
        if (y < top) top = y;
        bottom = y;
        break;
      }
    }
  }
  if (bottom < 0) return;
  const maxRun = (bottom - top + 1) / 3;
  for (let x = 0; x < w; x++) {
    let lastFg = -1;
    for (let y = 0; y < h; y++) {
      const i = y * w + x;
      if (bg[i]) continue;
      if (lastFg >= 0 && y - lastFg > 1 && y - lastFg - 1 <= maxRun) {
        for (let k = lastFg + 1; k < y; k++) bg[k * w + x] = 0;
      }
      lastFg = y;
    }
  }
}

function borderIndices(w: number, h: number): number[] {
  const out: number[] = [];
  for (let x = 0; x < w; x++) {
    out.push(x, (h - 1) * w + x);
  }
  for (let y = 1; y < h - 1; y++) {
    out.push(y * w, y * w + w - 1);
  }
  return out;
}

function dist2(px: Uint8ClampedArray, i: number, r: number, g: number, b: number): number {
  const dr = px[i * 4] - r;
  const dg = px[i * 4 + 1] - g;
  const db = px[i * 4 + 2] - b;
  return dr * dr + dg * dg + db * db;
}

/**
 * Returns an alpha mask (0 background, 255 product, soft values at the edge), or null when the
 * border is not a plain colour.
 */
function floodBackground(px: Uint8ClampedArray, w: number, h: number, border: number[]): Uint8ClampedArray | null {
  const med = (k: number) => {
    const vals = border.map((i) => px[i * 4 + k]).sort((a, b) => a - b);
    return vals[vals.length >> 1];
  };
  const r = med(0),
    g = med(1),
    b = med(2);
  const NEAR = 34 * 34;
  const plain = border.filter((i) => dist2(px, i, r, g, b) < NEAR * 2.2).length / border.length;
  if (plain < 0.65) return null;

  // Grow from every border pixel close to the background colour. A step is taken when the next
  // pixel is close to the global background colour, or when it is only slightly different from
  // its neighbour and still within a wide band of the background colour (gradients, vignettes).
  const GLOBAL = 30 * 30;
  const LOCAL = 9 * 9;
  const BAND = 78 * 78;
  const bg = new Uint8Array(w * h);
  const queue = new Int32Array(w * h);
  let head = 0,
    tail = 0;
  for (const i of border) {
    if (!bg[i] && dist2(px, i, r, g, b) < BAND) {
      bg[i] = 1;
      queue[tail++] = i;
    }
  }
  const n = w * h;
  while (head < tail) {
    const i = queue[head++];
    const x = i % w;
    const pr = px[i * 4],
      pg = px[i * 4 + 1],
      pb = px[i * 4 + 2];
    for (let k = 0; k < 4; k++) {
      let j: number;
      if (k === 0) {
        if (x === 0) continue;
        j = i - 1;
      } else if (k === 1) {
        if (x === w - 1) continue;
        j = i + 1;
      } else if (k === 2) {
        j = i - w;
        if (j < 0) continue;
      } else {
        j = i + w;
        if (j >= n) continue;
      }
      if (bg[j]) continue;
      const o = j * 4;
      const cr = px[o],
        cg = px[o + 1],
        cb = px[o + 2];
      const dr = cr - r,
        dgr = cg - g,
        db = cb - b;
      const dGlobal = dr * dr + dgr * dgr + db * db;
      if (dGlobal >= BAND) continue;
      if (dGlobal < GLOBAL) {
        bg[j] = 1;
        queue[tail++] = j;
        continue;
      }
      const lr = cr - pr,
        lg = cg - pg,
        lb = cb - pb;
      if (lr * lr + lg * lg + lb * lb < LOCAL) {
        bg[j] = 1;
        queue[tail++] = j;
      }
    }
  }

  closeGaps(bg, w, h);

  const alpha = new Uint8ClampedArray(w * h);
  const SOFT = 70;
  for (let i = 0; i < w * h; i++) {
    if (bg[i]) continue;
    const x = i % w;
    const y = (i - x) / w;
    const edge = (x > 0 && bg[i - 1]) || (x < w - 1 && bg[i + 1]) || (y > 0 && bg[i - w]) || (y < h - 1 && bg[i + w]);
    alpha[i] = edge ? Math.min(255, Math.round((Math.sqrt(dist2(px, i, r, g, b)) / SOFT) * 255)) : 255;
  }
  return alpha;
}
