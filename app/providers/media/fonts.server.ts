// Fonts are shipped with the app as npm packages (DejaVu Sans, Noto Sans Devanagari, and the
// brand kit's OFL faces: font-ids.ts), never assumed on the machine. Text is drawn with sharp/pango (product headlines, video captions),
// which shapes complex scripts such as Devanagari correctly.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { BRAND_FONT_IDS, isBrandFontId, type BrandFontId } from "./font-ids";
import { workRoot } from "./workdir.server";

const require = createRequire(import.meta.url);

export type FontFace = { file: string; family: string };

// Resolved once per package: fonts() is asked for every caption word and headline drawn.
const packageDirs = new Map<string, string>();
function packageDir(name: string): string {
  let dir = packageDirs.get(name);
  if (!dir) {
    dir = path.dirname(require.resolve(`${name}/package.json`));
    packageDirs.set(name, dir);
  }
  return dir;
}

export function fonts() {
  const dejavu = path.join(packageDir("dejavu-fonts-ttf"), "ttf");
  const noto = packageDir("@expo-google-fonts/noto-sans-devanagari");
  return {
    sansBold: { file: path.join(dejavu, "DejaVuSans-Bold.ttf"), family: "DejaVu Sans Bold" },
    sans: { file: path.join(dejavu, "DejaVuSans.ttf"), family: "DejaVu Sans" },
    condensedBold: { file: path.join(dejavu, "DejaVuSansCondensed-Bold.ttf"), family: "DejaVu Sans Condensed Bold" },
    serifBold: { file: path.join(dejavu, "DejaVuSerif-Bold.ttf"), family: "DejaVu Serif Bold" },
    devanagariBold: { file: path.join(noto, "700Bold", "NotoSansDevanagari_700Bold.ttf"), family: "Noto Sans Devanagari Bold" },
    devanagari: { file: path.join(noto, "400Regular", "NotoSansDevanagari_400Regular.ttf"), family: "Noto Sans Devanagari" },
    dirs: [dejavu, path.join(noto, "400Regular"), path.join(noto, "700Bold"), ...brandFontDirs()],
  } as const;
}

/** Package, file prefix and family of each brand kit font (Bebas Neue has one weight: its regular is its bold). */
const BRAND_FONT_FILES: Record<BrandFontId, { pkg: string; prefix: string; family: string; regularOnly?: true }> = {
  inter: { pkg: "inter", prefix: "Inter", family: "Inter" },
  poppins: { pkg: "poppins", prefix: "Poppins", family: "Poppins" },
  montserrat: { pkg: "montserrat", prefix: "Montserrat", family: "Montserrat" },
  "playfair-display": { pkg: "playfair-display", prefix: "PlayfairDisplay", family: "Playfair Display" },
  "bebas-neue": { pkg: "bebas-neue", prefix: "BebasNeue", family: "Bebas Neue", regularOnly: true },
  oswald: { pkg: "oswald", prefix: "Oswald", family: "Oswald" },
  "noto-sans-devanagari": { pkg: "noto-sans-devanagari", prefix: "NotoSansDevanagari", family: "Noto Sans Devanagari" },
};

/** A brand kit font's bold and regular faces. */
export function brandFont(id: BrandFontId): { bold: FontFace; regular: FontFace } {
  const spec = BRAND_FONT_FILES[id];
  const dir = packageDir(`@expo-google-fonts/${spec.pkg}`);
  const regular = { file: path.join(dir, "400Regular", `${spec.prefix}_400Regular.ttf`), family: spec.family };
  if (spec.regularOnly) return { bold: regular, regular };
  return { bold: { file: path.join(dir, "700Bold", `${spec.prefix}_700Bold.ttf`), family: `${spec.family} Bold` }, regular };
}

function brandFontDirs(): string[] {
  return BRAND_FONT_IDS.flatMap((id) => {
    const f = brandFont(id);
    return [...new Set([path.dirname(f.bold.file), path.dirname(f.regular.file)])];
  });
}

const DEVANAGARI = /\p{Script=Devanagari}/u;

export function hasDevanagari(text: string): boolean {
  return DEVANAGARI.test(text);
}

/**
 * The bold face to draw `text` with: Noto Sans Devanagari (which also has Latin) for Hindi,
 * whatever the style or brand font; else the brand kit's font when one is given.
 */
export function boldFontFor(text: string, style: "sans" | "serif" | "condensed" = "sans", brandFontId?: string): FontFace {
  const f = fonts();
  if (hasDevanagari(text)) return f.devanagariBold;
  if (isBrandFontId(brandFontId)) return brandFont(brandFontId).bold;
  if (style === "serif") return f.serifBold;
  if (style === "condensed") return f.condensedBold;
  return f.sansBold;
}

let configured = false;

/**
 * Points fontconfig (used by pango inside sharp) at the shipped fonts only, so a machine with
 * no fonts and no /etc/fonts draws the same text as a developer's laptop. Call before drawing.
 */
export function ensureFontconfig(root?: string): void {
  if (configured) return;
  configured = true;
  if (process.env.FONTCONFIG_FILE) return;
  const dir = path.join(workRoot(root), "fontconfig");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "fonts.conf");
  const xml = [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
    "<fontconfig>",
    ...fonts().dirs.map((d) => `  <dir>${escapeXml(d)}</dir>`),
    `  <cachedir>${escapeXml(path.join(dir, "cache"))}</cachedir>`,
    "</fontconfig>",
    "",
  ].join("\n");
  if (!existsSync(file) || readFileSync(file, "utf8") !== xml) {
    writeFileSync(file, xml);
  }
  process.env.FONTCONFIG_FILE = file;
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}
