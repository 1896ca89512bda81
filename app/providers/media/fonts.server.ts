// Fonts are shipped with the app as npm packages (DejaVu Sans, Noto Sans Devanagari), never
// assumed on the machine. Text is drawn with sharp/pango (product headlines, video captions),
// which shapes complex scripts such as Devanagari correctly.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { workRoot } from "./workdir.server";

const require = createRequire(import.meta.url);

export type FontFace = { file: string; family: string };

function packageDir(name: string): string {
  return path.dirname(require.resolve(`${name}/package.json`));
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
    dirs: [dejavu, path.join(noto, "400Regular"), path.join(noto, "700Bold")],
  } as const;
}

const DEVANAGARI = /\p{Script=Devanagari}/u;

export function hasDevanagari(text: string): boolean {
  return DEVANAGARI.test(text);
}

/** The bold face to draw `text` with: Noto Sans Devanagari (which also has Latin) for Hindi. */
export function boldFontFor(text: string, style: "sans" | "serif" | "condensed" = "sans"): FontFace {
  const f = fonts();
  if (hasDevanagari(text)) return f.devanagariBold;
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
