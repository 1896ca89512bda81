// Colours of the ad shots and captions (issue 14 §2, §3, §7): text contrast of at least 4.5:1
// (WCAG 2 AA) whatever the product's colours and the Style's tone.
import { describe, expect, it } from "vitest";
import { contrastRatio, ensureContrast, huesOf, MIN_TEXT_CONTRAST } from "~/providers/image/color";
import { paletteContrasts, shotPalette } from "~/providers/image/shot-design";
import { CAPTION_STYLES, captionContrast } from "~/providers/render/captions.server";

describe("WCAG contrast", () => {
  it("computes the WCAG 2 ratio", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
  });

  it("moves a text colour until it reads at 4.5:1 on every background given", () => {
    expect(ensureContrast("#111111", "#ffffff")).toBe("#111111");
    const onMid = ensureContrast("#fde047", ["#facc15", "#f59e0b"]);
    expect(Math.min(contrastRatio(onMid, "#facc15"), contrastRatio(onMid, "#f59e0b"))).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });
});

describe("shot palettes from the product", () => {
  it("take the product's main and accent hue from its pixels", () => {
    const px = Buffer.alloc(4 * 100);
    for (let i = 0; i < 100; i++) {
      const teal = i < 80;
      px.set(teal ? [15, 118, 110, 255] : [230, 30, 80, 255], i * 4);
    }
    const hues = huesOf(px)!;
    expect(hues.main).toBeGreaterThan(165);
    expect(hues.main).toBeLessThan(185);
    expect(hues.accent).toBeGreaterThan(330);
    expect(huesOf(Buffer.from([128, 128, 128, 255, 200, 200, 200, 255]))).toBeNull();
  });

  it("keep every text at 4.5:1 or more for any hue, light and dark", () => {
    for (let main = 0; main < 360; main += 15) {
      for (const accent of [main + 60, main + 150, main + 200]) {
        for (const tone of ["light", "dark"] as const) {
          for (const c of paletteContrasts(shotPalette({ main, accent: accent % 360 }, tone))) {
            expect(c.ratio, `${c.pair} hue ${main}/${accent} ${tone}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
          }
        }
      }
    }
    for (const c of paletteContrasts(shotPalette(null, "light", ["#1e1b4b", "#7c3aed", "#f5f3ff"]))) expect(c.ratio).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });
});

describe("caption styles", () => {
  it.each(Object.keys(CAPTION_STYLES))("%s: words and the highlighted word read at 4.5:1 on a white or a black picture", (name) => {
    expect(captionContrast(CAPTION_STYLES[name])).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });
});
