// The art direction of the local product-shot compositor: which scene and palette a prompt and
// style ask for, and the SVG of the background for each layout (v1 studio packshot, v2
// editorial colour-block). Pure functions: the compositor rasterises the SVG with sharp.
import { prng } from "~/providers/media/random";
import { hexToRgb, hslToHex, mix, readableOn, rgbToHsl, type Rgb } from "./color";

export type SceneKind = "studio" | "beach" | "kitchen" | "nature" | "luxury" | "tech" | "festive" | "minimal";

export type Palette = {
  /** Background top and bottom. */
  bgTop: string;
  bgBottom: string;
  /** Main accent (shapes, panels) and a second one. */
  accent: string;
  accent2: string;
  /** Floor / podium / table colour. */
  floor: string;
  /** Headline colour on the background and on the accent. */
  text: string;
  textOnAccent: string;
  dark: boolean;
};

const KIND_WORDS: Array<[SceneKind, RegExp]> = [
  ["luxury", /\b(luxur\w*|premium|elegan\w*|gold(en)?|marble|jewel\w*|velvet|classy|exclusive)\b/],
  ["tech", /\b(tech\w*|neon|futur\w*|gaming|gamer|cyber\w*|digital|electronic\w*|gadget\w*|sci-?fi|dramatic|problem|solution)\b/],
  ["festive", /\b(festiv\w*|diwali|holi|celebrat\w*|party|gift\w*|christmas|holiday|wedding|birthday|eid|new year|unboxing)\b/],
  ["beach", /\b(beach|summer|sun(ny|shine)?|ocean|sea|pool|tropical|vacation|holiday by the sea|sand)\b/],
  ["kitchen", /\b(kitchen|home|wood(en)?|table|cafe|coffee|breakfast|counter|cozy|cosy|warm|testimonial|ugc|lifestyle)\b/],
  ["nature", /\b(nature|natural|eco|garden|leaf|leaves|forest|organic|green|plant\w*|botanical|fresh|outdoor\w*|herbal)\b/],
  ["minimal", /\b(minimal\w*|clean|simple|white|scandi\w*|pure|calm)\b/],
  ["studio", /\b(studio|packshot|product shot|confident|bold|playful|upbeat)\b/],
];

/** Picks the scene from the prompt's words, else the style's, else a studio. */
export function sceneKindFor(prompt: string, style = ""): SceneKind {
  for (const text of [prompt.toLowerCase(), style.toLowerCase()]) {
    for (const [kind, re] of KIND_WORDS) if (re.test(text)) return kind;
  }
  return "studio";
}

const NAMED: Record<string, string> = {
  red: "#e11d48",
  crimson: "#be123c",
  orange: "#f97316",
  amber: "#f59e0b",
  yellow: "#facc15",
  gold: "#d4a017",
  golden: "#d4a017",
  lime: "#84cc16",
  green: "#16a34a",
  emerald: "#059669",
  teal: "#0d9488",
  mint: "#6ee7b7",
  cyan: "#06b6d4",
  turquoise: "#14b8a6",
  sky: "#38bdf8",
  blue: "#2563eb",
  navy: "#1e3a8a",
  indigo: "#4f46e5",
  violet: "#7c3aed",
  purple: "#9333ea",
  lavender: "#a78bfa",
  pink: "#ec4899",
  magenta: "#d946ef",
  rose: "#f43f5e",
  peach: "#fdba74",
  coral: "#fb7185",
  brown: "#92400e",
  beige: "#e7d7b9",
  cream: "#fdf6e3",
  black: "#111111",
  white: "#ffffff",
  grey: "#9ca3af",
  gray: "#9ca3af",
  silver: "#cbd5e1",
  saffron: "#f4a300",
  maroon: "#7f1d1d",
};

/** A colour named in the prompt or style ("on a pink background"), if any. */
export function namedColourIn(text: string): string | null {
  const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
  for (const w of words) if (NAMED[w] && w !== "white" && w !== "black") return NAMED[w];
  return null;
}

const BASE: Record<SceneKind, Omit<Palette, "text" | "textOnAccent" | "dark">> = {
  studio: { bgTop: "#eef2ff", bgBottom: "#c7d2fe", accent: "#6366f1", accent2: "#f472b6", floor: "#e0e7ff" },
  beach: { bgTop: "#7dd3fc", bgBottom: "#e0f2fe", accent: "#fb923c", accent2: "#0ea5e9", floor: "#fde68a" },
  kitchen: { bgTop: "#fef3e2", bgBottom: "#fde7c7", accent: "#ea580c", accent2: "#84cc16", floor: "#b07a4a" },
  nature: { bgTop: "#ecfccb", bgBottom: "#bbf7d0", accent: "#16a34a", accent2: "#65a30d", floor: "#86efac" },
  luxury: { bgTop: "#1c1917", bgBottom: "#0c0a09", accent: "#d4a017", accent2: "#a16207", floor: "#e7e5e4" },
  tech: { bgTop: "#0f172a", bgBottom: "#020617", accent: "#22d3ee", accent2: "#a855f7", floor: "#1e293b" },
  festive: { bgTop: "#7c2d12", bgBottom: "#431407", accent: "#f59e0b", accent2: "#f43f5e", floor: "#9a3412" },
  minimal: { bgTop: "#fafaf9", bgBottom: "#e7e5e4", accent: "#a8a29e", accent2: "#d6d3d1", floor: "#f5f5f4" },
};

/**
 * The palette: the scene's base colours, tinted towards a colour named in the prompt/style, or
 * replaced by an explicit palette (dark, accent, light) such as a story type's.
 */
export function paletteFor(kind: SceneKind, prompt: string, style: string, explicit?: string[], product?: Rgb): Palette {
  const base = { ...BASE[kind] };
  const given = (explicit ?? []).filter((c) => hexToRgb(c));
  if (given.length >= 3) {
    const [dark, accent, light] = given;
    const darkScene = kind === "luxury" || kind === "tech" || kind === "festive";
    base.bgTop = darkScene ? dark : light;
    base.bgBottom = darkScene ? mix(dark, "#000000", 0.35) : mix(light, accent, 0.22);
    base.accent = accent;
    base.accent2 = mix(accent, darkScene ? light : dark, 0.45);
    base.floor = darkScene ? mix(dark, light, 0.15) : mix(light, accent, 0.12);
  } else {
    const named = namedColourIn(`${style} ${prompt}`);
    if (named) {
      const dark = kind === "luxury" || kind === "tech" || kind === "festive";
      base.accent = named;
      if (!dark) {
        base.bgTop = mix("#ffffff", named, 0.12);
        base.bgBottom = mix("#ffffff", named, 0.32);
        base.floor = mix("#ffffff", named, 0.2);
      } else {
        base.bgTop = mix("#0b0b0f", named, 0.22);
        base.bgBottom = mix("#000000", named, 0.08);
      }
    } else if (product && (kind === "studio" || kind === "minimal")) {
      // Harmonise with the product: an analogous tint of its own hue, the complement as accent.
      const { h, s } = rgbToHsl(product);
      if (s > 0.18) {
        base.bgTop = hslToHex(h + 25, 0.45, 0.94);
        base.bgBottom = hslToHex(h + 25, 0.42, 0.82);
        base.floor = hslToHex(h + 25, 0.38, 0.9);
        base.accent = hslToHex(h + 180, 0.62, 0.52);
        base.accent2 = hslToHex(h + 40, 0.55, 0.62);
      }
    }
  }
  const dark = (hexToRgb(base.bgTop)?.r ?? 255) + (hexToRgb(base.bgTop)?.g ?? 255) + (hexToRgb(base.bgTop)?.b ?? 255) < 3 * 110;
  return {
    ...base,
    dark,
    text: readableOn(base.bgTop, "#111827", "#ffffff"),
    textOnAccent: readableOn(base.accent, "#111827", "#ffffff"),
  };
}

export type Box = { x: number; y: number; width: number; height: number };

export type Layout = {
  /** Where the product goes (it is fitted inside, bottom-centred on `floorY`). */
  productBox: Box;
  /** Baseline the product stands on. */
  floorY: number;
  /** Rotation of the product in degrees. */
  rotate: number;
  /** Headline block, text alignment and whether it sits on an accent panel. */
  headline: Box & { align: "centre" | "left"; panel: boolean; sizePx: number };
  /** Direction of the drop shadow (unit-ish offsets, scaled by product size). */
  shadow: { dx: number; dy: number; opacity: number; blur: number };
};

/** v1: the product centred on a podium or surface, headline above. v2: offset, larger, tilted, colour-blocked. */
export function layoutFor(version: "v1" | "v2", width: number, height: number, hasHeadline: boolean): Layout {
  const portrait = height > width * 1.2;
  const landscape = width > height * 1.2;
  if (version === "v1") {
    const floorY = Math.round(height * (portrait ? 0.78 : landscape ? 0.84 : 0.82));
    const ph = height * (portrait ? 0.5 : landscape ? 0.62 : 0.55) * (hasHeadline ? 1 : 1.1);
    const pw = width * (landscape ? 0.42 : 0.66);
    const sizePx = Math.round(Math.min(width, height) * (portrait ? 0.085 : landscape ? 0.07 : 0.075));
    return {
      productBox: { x: (width - pw) / 2, y: floorY - ph, width: pw, height: ph },
      floorY,
      rotate: 0,
      headline: { x: width * 0.08, y: height * (portrait ? 0.07 : 0.06), width: width * 0.84, height: sizePx * 3, align: "centre", panel: false, sizePx },
      shadow: { dx: 0.02, dy: 0.015, opacity: 0.28, blur: 0.03 },
    };
  }
  if (portrait) {
    const floorY = Math.round(height * 0.86);
    const ph = height * 0.54;
    const pw = width * 0.74;
    const sizePx = Math.round(width * 0.085);
    return {
      productBox: { x: width * 0.58 - pw / 2, y: floorY - ph, width: pw, height: ph },
      floorY,
      rotate: -6,
      headline: { x: width * 0.07, y: height * 0.06, width: width * 0.86, height: height * 0.2, align: "left", panel: true, sizePx },
      shadow: { dx: -0.08, dy: 0.03, opacity: 0.3, blur: 0.05 },
    };
  }
  if (landscape) {
    const floorY = Math.round(height * 0.88);
    const ph = height * 0.74;
    const pw = width * 0.4;
    const sizePx = Math.round(height * 0.09);
    return {
      productBox: { x: width * 0.7 - pw / 2, y: floorY - ph, width: pw, height: ph },
      floorY,
      rotate: -6,
      headline: { x: width * 0.06, y: height * 0.22, width: width * 0.4, height: height * 0.56, align: "left", panel: true, sizePx },
      shadow: { dx: -0.1, dy: 0.03, opacity: 0.3, blur: 0.05 },
    };
  }
  const floorY = Math.round(height * 0.9);
  const ph = height * 0.62;
  const pw = width * 0.52;
  const sizePx = Math.round(width * 0.07);
  return {
    productBox: { x: width * 0.64 - pw / 2, y: floorY - ph, width: pw, height: ph },
    floorY,
    rotate: -6,
    headline: { x: width * 0.06, y: height * 0.08, width: width * 0.5, height: height * 0.36, align: "left", panel: true, sizePx },
    shadow: { dx: -0.09, dy: 0.03, opacity: 0.3, blur: 0.05 },
  };
}

const f = (n: number) => (Math.round(n * 10) / 10).toString();

/**
 * The background SVG. `product` is the final box of the product (after fitting), so podiums,
 * tables and circles line up with it.
 */
export function backgroundSvg(options: {
  version: "v1" | "v2";
  kind: SceneKind;
  palette: Palette;
  width: number;
  height: number;
  product: Box;
  floorY: number;
  seed: number;
}): string {
  const { version, kind, palette: p, width: W, height: H, product, floorY, seed } = options;
  const rnd = prng(seed);
  const cx = product.x + product.width / 2;
  const defs: string[] = [];
  const back: string[] = [];
  const front: string[] = [];
  const unit = Math.min(W, H);

  defs.push(
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.bgTop}"/><stop offset="1" stop-color="${p.bgBottom}"/></linearGradient>`,
    `<radialGradient id="spot" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffffff" stop-opacity="${p.dark ? 0.22 : 0.75}"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="vig" cx="0.5" cy="0.45" r="0.75"><stop offset="0.6" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="${p.dark ? 0.45 : 0.16}"/></radialGradient>`,
  );

  if (version === "v2") {
    back.push(`<rect width="${W}" height="${H}" fill="${p.bgTop}"/>`);
    // Colour block: a big accent disc behind the product, a diagonal band, dots and rings.
    const r = Math.max(product.width, product.height) * 0.62;
    back.push(`<polygon points="0,${f(H * 0.62)} ${W},${f(H * 0.38)} ${W},${f(H * 0.5)} 0,${f(H * 0.74)}" fill="${p.accent2}" opacity="0.35"/>`);
    back.push(`<circle cx="${f(cx + r * 0.08)}" cy="${f(product.y + product.height * 0.48)}" r="${f(r)}" fill="${p.accent}"/>`);
    back.push(
      `<circle cx="${f(cx + r * 0.08)}" cy="${f(product.y + product.height * 0.48)}" r="${f(r * 1.16)}" fill="none" stroke="${p.accent}" stroke-width="${f(unit * 0.006)}" opacity="0.55"/>`,
    );
    const dotR = unit * 0.006;
    // A dot grid in the free corner: below the headline block, beside the product.
    const gx = W * (cx > W / 2 ? 0.08 : 0.72);
    const gy = H > W * 1.2 ? H * 0.58 : H * 0.74;
    for (let i = 0; i < 6; i++) {
      for (let j = 0; j < 5; j++) {
        back.push(`<circle cx="${f(gx + i * unit * 0.035)}" cy="${f(gy + j * unit * 0.035)}" r="${f(dotR)}" fill="${p.text}" opacity="0.28"/>`);
      }
    }
    back.push(...sceneAccents(kind, p, W, H, floorY, product, rnd, true));
    // A ground strip the product stands on.
    back.push(`<rect x="0" y="${f(floorY)}" width="${W}" height="${f(H - floorY)}" fill="${mix(p.bgTop, p.accent2, 0.35)}"/>`);
    front.push(`<rect width="${W}" height="${H}" fill="url(#vig)" opacity="0.7"/>`);
  } else {
    back.push(`<rect width="${W}" height="${H}" fill="url(#bg)"/>`);
    back.push(...sceneAccents(kind, p, W, H, floorY, product, rnd, false));
    const spotR = Math.max(product.width, product.height) * 0.95;
    back.push(`<ellipse cx="${f(cx)}" cy="${f(product.y + product.height * 0.45)}" rx="${f(spotR)}" ry="${f(spotR)}" fill="url(#spot)"/>`);
    back.push(...surface(kind, p, W, H, floorY, product, defs));
    front.push(`<rect width="${W}" height="${H}" fill="url(#vig)"/>`);
  }

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs.join("")}</defs>${back.join("")}${front.join("")}</svg>`;
}

/** What the product stands on in v1: a podium, a table, sand, grass, a neon floor. */
function surface(kind: SceneKind, p: Palette, W: number, H: number, floorY: number, product: Box, defs: string[]): string[] {
  const cx = product.x + product.width / 2;
  const out: string[] = [];
  const podium = (top: string, side: string, widthFactor: number, depth: number) => {
    const rx = Math.max(product.width * widthFactor, W * 0.22);
    const ry = rx * 0.16;
    const bottom = Math.min(H, floorY + depth);
    defs.push(
      `<linearGradient id="pod" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${mix(side, "#000000", 0.18)}"/><stop offset="0.45" stop-color="${mix(side, "#ffffff", 0.12)}"/><stop offset="1" stop-color="${mix(side, "#000000", 0.28)}"/></linearGradient>`,
    );
    out.push(`<ellipse cx="${f(cx)}" cy="${f(bottom)}" rx="${f(rx)}" ry="${f(ry)}" fill="url(#pod)"/>`);
    out.push(`<rect x="${f(cx - rx)}" y="${f(floorY)}" width="${f(rx * 2)}" height="${f(bottom - floorY)}" fill="url(#pod)"/>`);
    out.push(`<ellipse cx="${f(cx)}" cy="${f(floorY)}" rx="${f(rx)}" ry="${f(ry)}" fill="${top}"/>`);
    out.push(
      `<ellipse cx="${f(cx)}" cy="${f(floorY)}" rx="${f(rx)}" ry="${f(ry)}" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="${f(W * 0.003)}"/>`,
    );
  };
  switch (kind) {
    case "kitchen": {
      defs.push(
        `<linearGradient id="wood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(p.floor, "#ffffff", 0.12)}"/><stop offset="1" stop-color="${mix(p.floor, "#000000", 0.3)}"/></linearGradient>`,
      );
      out.push(`<rect x="0" y="${f(floorY - H * 0.01)}" width="${W}" height="${f(H - floorY + H * 0.01)}" fill="url(#wood)"/>`);
      for (let i = 1; i < 6; i++) {
        const y = floorY + ((H - floorY) * i) / 6;
        out.push(
          `<path d="M0 ${f(y)} Q ${f(W * 0.3)} ${f(y - H * 0.006)} ${f(W * 0.6)} ${f(y + H * 0.004)} T ${W} ${f(y)}" stroke="${mix(p.floor, "#000000", 0.35)}" stroke-opacity="0.35" stroke-width="${f(H * 0.002)}" fill="none"/>`,
        );
      }
      out.push(`<rect x="0" y="${f(floorY - H * 0.012)}" width="${W}" height="${f(H * 0.012)}" fill="${mix(p.floor, "#ffffff", 0.3)}"/>`);
      break;
    }
    case "beach": {
      out.push(
        `<path d="M0 ${f(floorY - H * 0.02)} Q ${f(W * 0.5)} ${f(floorY - H * 0.05)} ${W} ${f(floorY - H * 0.015)} L ${W} ${H} L 0 ${H} Z" fill="${p.floor}"/>`,
      );
      out.push(
        `<path d="M0 ${f(floorY + H * 0.06)} Q ${f(W * 0.5)} ${f(floorY + H * 0.03)} ${W} ${f(floorY + H * 0.07)}" stroke="#ffffff" stroke-opacity="0.35" stroke-width="${f(H * 0.004)}" fill="none"/>`,
      );
      break;
    }
    case "nature": {
      out.push(
        `<path d="M0 ${f(floorY)} Q ${f(W * 0.3)} ${f(floorY - H * 0.06)} ${f(W * 0.62)} ${f(floorY - H * 0.01)} T ${W} ${f(floorY - H * 0.03)} L ${W} ${H} L 0 ${H} Z" fill="${mix(p.accent, "#ffffff", 0.35)}"/>`,
      );
      out.push(
        `<path d="M0 ${f(floorY + H * 0.03)} Q ${f(W * 0.5)} ${f(floorY - H * 0.01)} ${W} ${f(floorY + H * 0.04)} L ${W} ${H} L 0 ${H} Z" fill="${p.accent2}" opacity="0.55"/>`,
      );
      break;
    }
    case "tech": {
      out.push(`<rect x="0" y="${f(floorY)}" width="${W}" height="${f(H - floorY)}" fill="${p.floor}"/>`);
      const vp = { x: cx, y: floorY - H * 0.12 };
      for (let i = -8; i <= 8; i++) {
        const xb = cx + i * W * 0.14;
        const t = (floorY - vp.y) / (H - vp.y);
        out.push(
          `<line x1="${f(vp.x + (xb - vp.x) * t)}" y1="${f(floorY)}" x2="${f(xb)}" y2="${H}" stroke="${p.accent}" stroke-opacity="0.45" stroke-width="${f(W * 0.002)}"/>`,
        );
      }
      for (let j = 1; j < 6; j++) {
        const y = floorY + (H - floorY) * (j / 6) ** 1.6;
        out.push(`<line x1="0" y1="${f(y)}" x2="${W}" y2="${f(y)}" stroke="${p.accent}" stroke-opacity="0.35" stroke-width="${f(W * 0.002)}"/>`);
      }
      podium(mix(p.floor, p.accent, 0.25), p.floor, 0.62, H * 0.05);
      out.push(
        `<ellipse cx="${f(cx)}" cy="${f(floorY)}" rx="${f(Math.max(product.width * 0.62, W * 0.22))}" ry="${f(Math.max(product.width * 0.62, W * 0.22) * 0.16)}" fill="none" stroke="${p.accent}" stroke-width="${f(W * 0.004)}"/>`,
      );
      break;
    }
    case "luxury": {
      podium(mix(p.floor, "#ffffff", 0.3), p.floor, 0.6, H * 0.09);
      // Marble veins on the podium front.
      const rx = Math.max(product.width * 0.6, W * 0.22);
      for (let i = 0; i < 4; i++) {
        const x0 = cx - rx + (rx * 2 * (i + 0.5)) / 4;
        out.push(
          `<path d="M${f(x0)} ${f(floorY + H * 0.01)} q ${f(W * 0.02)} ${f(H * 0.03)} ${f(-W * 0.01)} ${f(H * 0.07)}" stroke="#a8a29e" stroke-opacity="0.6" stroke-width="${f(W * 0.0015)}" fill="none"/>`,
        );
      }
      break;
    }
    default:
      podium(mix(p.floor, "#ffffff", 0.35), p.floor, 0.58, H * (kind === "festive" ? 0.08 : 0.1));
  }
  return out;
}

/** Decorative elements that tell the scene: sun and sea, leaves, window light, bokeh, neon, arch. */
function sceneAccents(kind: SceneKind, p: Palette, W: number, H: number, floorY: number, product: Box, rnd: () => number, v2: boolean): string[] {
  const out: string[] = [];
  const unit = Math.min(W, H);
  const cx = product.x + product.width / 2;
  switch (kind) {
    case "beach": {
      const portrait = H > W * 1.2;
      const sx = v2 ? (portrait ? W * 0.86 : W * 0.48) : cx > W / 2 ? W * 0.2 : W * 0.8;
      const sy = v2 ? (portrait ? H * 0.3 : H * 0.16) : Math.max(H * 0.3, product.y + unit * 0.05);
      out.push(`<circle cx="${f(sx)}" cy="${f(sy)}" r="${f(unit * 0.11)}" fill="#fde047" opacity="0.95"/>`);
      out.push(`<circle cx="${f(sx)}" cy="${f(sy)}" r="${f(unit * 0.17)}" fill="#fde047" opacity="0.25"/>`);
      if (!v2) out.push(`<rect x="0" y="${f(floorY - H * 0.12)}" width="${W}" height="${f(H * 0.1)}" fill="#0ea5e9" opacity="0.55"/>`);
      break;
    }
    case "nature": {
      const leaf = (x: number, y: number, s: number, rot: number, c: string) =>
        `<path transform="translate(${f(x)} ${f(y)}) rotate(${f(rot)}) scale(${f(s)})" d="M0 0 C 30 -40 90 -40 120 0 C 90 40 30 40 0 0 Z M0 0 L120 0" fill="${c}" stroke="${mix(c, "#000000", 0.3)}" stroke-width="2" opacity="0.85"/>`;
      const s = unit / 500;
      out.push(leaf(-10, H * 0.12, s * 1.6, 25, p.accent), leaf(W * 0.02, H * 0.2, s * 1.2, -10, p.accent2));
      out.push(leaf(W + 10, H * 0.3, s * 1.6, 160, p.accent), leaf(W * 0.98, H * 0.42, s * 1.1, 200, p.accent2));
      out.push(leaf(W * 0.1, floorY - H * 0.02, s * 1.0, -35, p.accent2));
      break;
    }
    case "kitchen": {
      // Window light falling across the wall.
      const x = cx > W / 2 ? W * 0.05 : W * 0.55;
      out.push(
        `<polygon points="${f(x)},0 ${f(x + W * 0.3)},0 ${f(x + W * 0.45)},${f(floorY)} ${f(x + W * 0.15)},${f(floorY)}" fill="#ffffff" opacity="0.28"/>`,
      );
      out.push(
        `<polygon points="${f(x + W * 0.33)},0 ${f(x + W * 0.4)},0 ${f(x + W * 0.55)},${f(floorY)} ${f(x + W * 0.48)},${f(floorY)}" fill="#ffffff" opacity="0.22"/>`,
      );
      break;
    }
    case "festive": {
      for (let i = 0; i < 26; i++) {
        const r = unit * (0.01 + rnd() * 0.035);
        out.push(
          `<circle cx="${f(rnd() * W)}" cy="${f(rnd() * floorY * 0.95)}" r="${f(r)}" fill="${rnd() > 0.5 ? p.accent : "#fde68a"}" opacity="${f(0.15 + rnd() * 0.35)}"/>`,
        );
      }
      const y = H * 0.05;
      out.push(
        `<path d="M0 ${f(y)} Q ${f(W / 2)} ${f(y + H * 0.06)} ${W} ${f(y)}" stroke="#fde68a" stroke-opacity="0.6" stroke-width="${f(unit * 0.003)}" fill="none"/>`,
      );
      for (let i = 1; i < 12; i++) {
        const t = i / 12;
        const yy = y + 4 * t * (1 - t) * H * 0.03 * 2;
        out.push(`<circle cx="${f(W * t)}" cy="${f(yy)}" r="${f(unit * 0.008)}" fill="#fef3c7"/>`);
      }
      break;
    }
    case "tech": {
      out.push(`<circle cx="${f(cx)}" cy="${f(product.y + product.height * 0.4)}" r="${f(unit * 0.36)}" fill="${p.accent2}" opacity="0.18"/>`);
      out.push(
        `<circle cx="${f(cx)}" cy="${f(product.y + product.height * 0.4)}" r="${f(unit * 0.3)}" fill="none" stroke="${p.accent}" stroke-opacity="0.6" stroke-width="${f(unit * 0.004)}"/>`,
      );
      break;
    }
    case "luxury": {
      const aw = Math.max(product.width * 1.15, W * 0.4);
      const top = product.y - product.height * 0.08;
      out.push(
        `<path d="M${f(cx - aw / 2)} ${f(floorY)} L ${f(cx - aw / 2)} ${f(top + aw / 2)} A ${f(aw / 2)} ${f(aw / 2)} 0 0 1 ${f(cx + aw / 2)} ${f(top + aw / 2)} L ${f(cx + aw / 2)} ${f(floorY)} Z" fill="${mix(p.bgTop, p.accent, 0.12)}" stroke="${p.accent}" stroke-width="${f(unit * 0.004)}"/>`,
      );
      break;
    }
    case "minimal": {
      const aw = Math.max(product.width * 1.2, W * 0.42);
      const top = product.y - product.height * 0.1;
      out.push(
        `<path d="M${f(cx - aw / 2)} ${f(floorY)} L ${f(cx - aw / 2)} ${f(top + aw / 2)} A ${f(aw / 2)} ${f(aw / 2)} 0 0 1 ${f(cx + aw / 2)} ${f(top + aw / 2)} L ${f(cx + aw / 2)} ${f(floorY)} Z" fill="${mix(p.bgTop, p.accent, 0.12)}"/>`,
      );
      break;
    }
    default: {
      // Studio: soft floating shapes.
      out.push(`<circle cx="${f(W * 0.12)}" cy="${f(H * 0.3)}" r="${f(unit * 0.09)}" fill="${p.accent2}" opacity="0.35"/>`);
      out.push(`<circle cx="${f(W * 0.88)}" cy="${f(H * 0.52)}" r="${f(unit * 0.06)}" fill="${p.accent}" opacity="0.3"/>`);
      out.push(
        `<rect x="${f(W * 0.8)}" y="${f(H * 0.16)}" width="${f(unit * 0.09)}" height="${f(unit * 0.09)}" rx="${f(unit * 0.02)}" transform="rotate(20 ${f(W * 0.84)} ${f(H * 0.2)})" fill="${p.accent}" opacity="0.25"/>`,
      );
    }
  }
  return out;
}
