// The brand kit's pure parts (issue 23 item 3, docs/decisions/310-brand-kit.md): colours from a
// logo, the palette and caption contrast kept at 4.5:1 for any brand colours, SVG safety, the
// form's validation and the bundled fonts actually drawing.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BRAND_MESSAGES, brandFieldErrors, brandKitInput } from "~/models/brand/brand-rules";
import { dominantColors } from "~/models/brand/logo-colors";
import { LogoError, logoColors, rasteriseLogo, sniffLogo, svgRefusal } from "~/models/brand/logo.server";
import { contrastRatio, hexToRgb, MIN_TEXT_CONTRAST } from "~/providers/image/color";
import { brandPalette, paletteContrasts } from "~/providers/image/shot-design";
import { BRAND_FONT_IDS } from "~/providers/media/font-ids";
import { renderTextImage } from "~/providers/media/text.server";
import { brandCaptionStyle, captionContrast, captionStyleFor, CAPTION_STYLES } from "~/providers/render/captions.server";

const distance = (a: string, b: string) => {
  const x = hexToRgb(a)!;
  const y = hexToRgb(b)!;
  return Math.hypot(x.r - y.r, x.g - y.g, x.b - y.b);
};

/** A deterministic spread of colours over the cube (light, dark, saturated, grey). */
function colourSamples(): string[] {
  const out: string[] = [];
  const steps = ["00", "33", "77", "99", "cc", "ff"];
  for (const r of steps) for (const g of steps) for (const b of ["00", "80", "ff"]) out.push(`#${r}${g}${b}`);
  return out;
}

describe("colours from a logo", () => {
  it("finds the logo's main colours, most used first, ignoring a white background", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" fill="#ffffff"/><rect x="10" y="10" width="180" height="120" fill="#d62828"/><circle cx="100" cy="165" r="30" fill="#003049"/></svg>`;
    const colours = await logoColors(await rasteriseLogo(Buffer.from(svg)));
    expect(colours.length).toBeGreaterThanOrEqual(2);
    expect(colours.length).toBeLessThanOrEqual(3);
    expect(distance(colours[0], "#d62828")).toBeLessThan(30);
    expect(colours.some((c) => distance(c, "#003049") < 30)).toBe(true);
    expect(colours.every((c) => distance(c, "#ffffff") > 40)).toBe(true);
  });

  it("skips transparent pixels and still gives two colours for a one-colour logo", () => {
    const rgba = Buffer.alloc(32 * 32 * 4);
    for (let i = 0; i < 32 * 32; i++) {
      const inside = i % 32 < 16;
      rgba.set(inside ? [20, 120, 60, 255] : [255, 0, 255, 0], i * 4);
    }
    const colours = dominantColors(rgba);
    expect(colours).toHaveLength(2);
    expect(distance(colours[0], "#14783c")).toBeLessThan(4);
    expect(colours.every((c) => distance(c, "#ff00ff") > 100)).toBe(true);
  });
});

describe("contrast with any brand colours", () => {
  it("keeps every text of the shots at 4.5:1 or more, on light and dark", () => {
    const samples = colourSamples();
    for (let i = 0; i < samples.length; i++) {
      const colors = [samples[i], samples[(i * 7 + 3) % samples.length], samples[(i * 13 + 5) % samples.length]];
      for (const tone of ["light", "dark"] as const) {
        const p = brandPalette({ colors, fontId: "inter" }, tone);
        for (const { pair, ratio } of paletteContrasts(p)) expect(ratio, `${colors.join(",")} ${tone}: ${pair}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
        expect(contrastRatio(p.accent, p.bgTop), `${colors.join(",")} ${tone}: panel on background`).toBeGreaterThanOrEqual(1.5);
      }
    }
  });

  it("uses the brand's colours where they are readable", () => {
    const p = brandPalette({ colors: ["#0b3d91", "#ff6b00"], fontId: "inter" }, "dark");
    expect(p.bgTop).toBe("#0b3d91");
    expect(p.accent).toBe("#ff6b00");
    expect(p.fontId).toBe("inter");
  });

  it("keeps captions at 4.5:1 over any picture, shading the panel or moving the highlight", () => {
    for (const c of colourSamples()) {
      const style = brandCaptionStyle(captionStyleFor("Product Showcase"), { colors: [c, "#ffff00"], fontId: "oswald" });
      expect(captionContrast(style), c).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      expect(style.fontId).toBe("oswald");
    }
    // Readable as they are: kept.
    const navy = brandCaptionStyle(CAPTION_STYLES["Product Showcase"], { colors: ["#0b3d91", "#ffd60a"], fontId: "inter" });
    expect([navy.panel, navy.highlight, navy.text]).toEqual(["#0b3d91", "#ffd60a", "#ffffff"]);
    // Orange on navy is under 4.5:1: the highlight is lightened, the panel kept.
    const orange = brandCaptionStyle(CAPTION_STYLES["Product Showcase"], { colors: ["#0b3d91", "#ff6b00"], fontId: "inter" });
    expect(orange.panel).toBe("#0b3d91");
    expect(orange.highlight).not.toBe("#ff6b00");
    expect(hexToRgb(orange.highlight)!.r).toBe(255);
    // A mid-tone panel is shaded until white words read on it.
    const mid = brandCaptionStyle(CAPTION_STYLES["Product Showcase"], { colors: ["#3399cc", "#ffffff"], fontId: "inter" });
    expect(mid.panel).not.toBe("#3399cc");
  });
});

describe("logo files", () => {
  let server: Server;
  let hits = 0;
  let base = "";
  beforeAll(async () => {
    server = createServer((_req, res) => {
      hits++;
      res.writeHead(200, { "Content-Type": "image/png" });
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const svg = (body: string, head = "") =>
    Buffer.from(`${head}<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100">${body}</svg>`);

  it("knows PNG, JPEG and SVG by their content only", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#ff0000" } })
      .png()
      .toBuffer();
    const jpeg = await sharp(png).jpeg().toBuffer();
    expect(sniffLogo(png)).toBe("png");
    expect(sniffLogo(jpeg)).toBe("jpeg");
    expect(sniffLogo(svg(""))).toBe("svg");
    expect(sniffLogo(Buffer.from('<?xml version="1.0"?>\n<!-- logo -->\n<svg width="1" height="1"/>'))).toBe("svg");
    expect(sniffLogo(Buffer.from("<html><svg></svg></html>"))).toBeNull();
    expect(sniffLogo(Buffer.from("GIF89a......"))).toBeNull();
    await expect(rasteriseLogo(Buffer.from("GIF89a......"))).rejects.toThrow(BRAND_MESSAGES.logoType);
  });

  it("refuses SVGs with scripts, handlers, entities or references outside the file, and never fetches them", async () => {
    const unsafe = [
      svg(`<script>fetch("${base}/s")</script><rect width="10" height="10"/>`),
      svg(`<image href="${base}/a.png" width="100" height="100"/>`),
      svg(`<image xlink:href="${base}/b.png" width="100" height="100"/>`),
      svg(`<rect width="10" height="10" fill="url(${base}/c.svg#p)"/>`),
      svg(`<style>@import url("${base}/d.css");</style>`),
      svg(`<rect width="10" height="10" onload="alert(1)"/>`),
      svg(`<text>&ext;</text>`, `<!DOCTYPE svg [<!ENTITY ext SYSTEM "${base}/e.txt">]>`),
      svg(`<foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>`),
      svg(`<a href="javascript:alert(1)"><rect width="10" height="10"/></a>`),
    ];
    for (const bytes of unsafe) {
      expect(svgRefusal(bytes.toString()), bytes.toString()).not.toBeNull();
      await expect(rasteriseLogo(bytes)).rejects.toThrow(new LogoError(BRAND_MESSAGES.svgUnsafe));
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(hits).toBe(0);
  });

  it("draws a plain SVG (references inside the file allowed) to a PNG, transparency kept", async () => {
    const bytes = svg(
      `<defs><linearGradient id="g"><stop offset="0" stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff"/></linearGradient></defs><circle cx="50" cy="50" r="40" fill="url(#g)"/><use href="#g"/>`,
    );
    expect(svgRefusal(bytes.toString())).toBeNull();
    const png = await rasteriseLogo(bytes);
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe("png");
    expect(meta.hasAlpha).toBe(true);
    expect(meta.width).toBeGreaterThan(100);
    const corner = await sharp(png).extract({ left: 0, top: 0, width: 4, height: 4 }).raw().toBuffer();
    expect(corner[3]).toBe(0);
  });

  it("refuses files over the size cap and images over the pixel cap", async () => {
    await expect(rasteriseLogo(Buffer.alloc(2 * 1024 * 1024 + 1, 0x20))).rejects.toThrow(BRAND_MESSAGES.logoLarge);
    const huge = await sharp({ create: { width: 5000, height: 4000, channels: 3, background: "#000" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    await expect(rasteriseLogo(huge)).rejects.toThrow(BRAND_MESSAGES.logoPixels);
    await expect(rasteriseLogo(Buffer.concat([huge.subarray(0, 64), Buffer.alloc(64)]))).rejects.toThrow(LogoError);
  });
});

describe("the kit's fields", () => {
  const good = { colors: ["#0B3D91", "ff6b00"], fontId: "inter", callToAction: "  Shop   now ", website: "acme.test", cornerMark: true };

  it("accepts a good kit and normalises it", () => {
    expect(brandKitInput.parse(good)).toEqual({
      colors: ["#0b3d91", "#ff6b00"],
      fontId: "inter",
      callToAction: "Shop now",
      website: "acme.test",
      cornerMark: true,
    });
  });

  it.each([
    [{ colors: ["#0b3d91"] }, "colors", BRAND_MESSAGES.colorCount],
    [{ colors: ["#000000", "#111111", "#222222", "#333333"] }, "colors", BRAND_MESSAGES.colorCount],
    [{ colors: ["#0b3d9", "#ff6b00"] }, "colors", BRAND_MESSAGES.colorFormat],
    [{ colors: ["red", "#ff6b00"] }, "colors", BRAND_MESSAGES.colorFormat],
    [{ fontId: "comic-sans" }, "fontId", BRAND_MESSAGES.font],
    [{ callToAction: "x".repeat(41) }, "callToAction", BRAND_MESSAGES.ctaLong],
    [{ callToAction: "Buy <b>now</b>" }, "callToAction", BRAND_MESSAGES.lineChars],
    [{ website: "acme\u0007.test" }, "website", BRAND_MESSAGES.lineChars],
    [{ website: "w".repeat(61) }, "website", BRAND_MESSAGES.websiteLong],
  ])("refuses %j with a message on its field", (change, field, message) => {
    const parsed = brandKitInput.safeParse({ ...good, ...change });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(brandFieldErrors(parsed.error)).toEqual({ [field]: message });
  });
});

describe("the bundled fonts", () => {
  async function ink(text: string, fontId?: string): Promise<{ width: number; alpha: Buffer }> {
    const img = await renderTextImage({ text, sizePx: 32, color: "#000000", maxWidth: 800, fontId });
    const alpha = await sharp(img.png).ensureAlpha().extractChannel(3).raw().toBuffer();
    return { width: img.width, alpha };
  }
  const differ = (a: { width: number; alpha: Buffer }, b: { width: number; alpha: Buffer }) =>
    a.width !== b.width || a.alpha.length !== b.alpha.length || a.alpha.some((v, i) => Math.abs(v - b.alpha[i]) > 40);

  it("has at least six, one of them Devanagari, each drawing differently from the others and from DejaVu", async () => {
    expect(BRAND_FONT_IDS.length).toBeGreaterThanOrEqual(6);
    expect(BRAND_FONT_IDS).toContain("noto-sans-devanagari");
    const renders = [await ink("Quality Brand 2026"), ...(await Promise.all(BRAND_FONT_IDS.map((id) => ink("Quality Brand 2026", id))))];
    for (let i = 0; i < renders.length; i++) for (let j = i + 1; j < renders.length; j++) expect(differ(renders[i], renders[j]), `${i} vs ${j}`).toBe(true);
  });

  it("draws Devanagari in Noto Sans Devanagari whatever the kit's font", async () => {
    const noto = await ink("आज ही ऑर्डर करें", "noto-sans-devanagari");
    for (const id of ["playfair-display", "bebas-neue"]) expect(differ(await ink("आज ही ऑर्डर करें", id), noto)).toBe(false);
  });
});
