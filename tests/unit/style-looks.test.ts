// Five Styles that look different, with every word inside the platform-safe area (issue 24 §3-4,
// docs/decisions/341-five-style-looks.md, ADR 340): the looks differ in layout family, type, moves,
// transition and music; every text, button and logo a shot draws lies inside safeArea() for each
// Style x ratio x shot (the layout boxes the compositor records, and the pixels the text changes).
import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { cutOutProduct } from "~/providers/image/cutout.server";
import { drawHeadline } from "~/providers/image/local.server";
import { textCardImage } from "~/providers/image/text-card.server";
import { composeShot, productHues, type ShotKind, type ShotRequest } from "~/providers/image/shots.server";
import { textArea, treatmentContrast } from "~/providers/image/shot-text.server";
import { brandPalette, MIN_TEXT_CONTRAST, shotPalette } from "~/providers/image/shot-design";
import { STYLE_LOOK_NAMES, STYLE_LOOKS, styleLookFor, styleLookNameOf } from "~/providers/image/style-looks";
import { AD_STYLES, adStyleOf } from "~/providers/llm/planner/ad-structure";
import { insideSafeArea, safeArea, safeAreaOverflow } from "~/providers/media/safe-zones";
import type { Size } from "~/providers/media/types";
import { beatTransitionFor, planBeats } from "~/providers/motion/beats";
import { composeBed } from "~/providers/music/composer";
import { productPhoto } from "../providers/fixtures";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const SIZES: Array<[string, Size]> = [
  ["9:16", { width: 360, height: 640 }],
  ["1:1", { width: 480, height: 480 }],
  ["16:9", { width: 640, height: 360 }],
];
const SHOTS: ShotKind[] = ["hero", "close-up", "feature", "split", "kinetic", "end-card", "photo"];
const LONG = "Thousands of happy customers already love their lunchtime salads";

let product: Buffer;
let hues: { main: number; accent: number } | null;
let logo: Buffer;
let photo: Buffer;

beforeAll(async () => {
  const cut = await cutOutProduct(await productPhoto());
  product = cut.png;
  hues = await productHues(cut);
  logo = await sharp({ create: { width: 200, height: 120, channels: 3, background: "#2563eb" } })
    .png()
    .toBuffer();
  photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: "#f08a1c" } })
    .jpeg()
    .toBuffer();
});

function request(style: string, shot: ShotKind, size: Size, headline: string, extra: Partial<ShotRequest> = {}): ShotRequest {
  return {
    shot,
    size,
    style,
    headline,
    tone: styleLookFor(style).background.top > 0.5 ? "light" : "dark",
    ...(shot === "end-card" ? { productName: "CrispBox Original Lunch Box", logo } : {}),
    ...(shot === "photo" ? { photo } : {}),
    ...extra,
  };
}

describe("the five Style looks", () => {
  it("name the planner's five Styles, each read as the planner reads it", () => {
    expect([...STYLE_LOOK_NAMES].sort()).toEqual([...AD_STYLES].sort());
    for (const s of [...AD_STYLES, "ugc review", "UNBOXING day", "problem-solution", "lifestyle summer"]) expect(styleLookFor(s).style).toBe(adStyleOf(s));
    expect(styleLookFor(null).style).toBe("Product Showcase");
    expect(styleLookNameOf("playful summer")).toBeNull();
  });

  it("differ in layout family, font, moves, transition and music", () => {
    const looks = STYLE_LOOK_NAMES.map((s) => STYLE_LOOKS[s]);
    const distinct = (f: (l: (typeof looks)[number]) => unknown) => new Set(looks.map((l) => JSON.stringify(f(l)))).size;
    expect(distinct((l) => l.layout)).toBe(5);
    expect(distinct((l) => l.type.fontId)).toBe(5);
    expect(distinct((l) => l.motion.moves)).toBe(5);
    expect(distinct((l) => l.motion.transition)).toBe(5);
    expect(distinct((l) => l.music.mood)).toBe(5);
    expect(distinct((l) => l.music.bpm)).toBe(5);
  });

  it("keep the beat rules: transitions <= 0.3 s, no move or framing twice in a row, the first framing wide", () => {
    for (const style of STYLE_LOOK_NAMES) {
      const { moves, framings, transition } = STYLE_LOOKS[style].motion;
      if (transition.kind !== "cut") expect(transition.seconds).toBeLessThanOrEqual(0.3);
      expect(beatTransitionFor(style)).toEqual(transition);
      expect(framings[0]).toBe("wide");
      for (const order of [moves, framings]) for (let i = 0; i < order.length; i++) expect(order[i]).not.toBe(order[(i + 1) % order.length]);
    }
  });

  it("move the camera in the Style's own order, and leave the plan without a Style as it was", () => {
    for (const style of STYLE_LOOK_NAMES) {
      const beats = planBeats(8, { sceneIndex: 1, style });
      const { moves } = STYLE_LOOKS[style].motion;
      expect(beats.every((b) => moves.includes(b.move))).toBe(true);
      for (let i = 1; i < beats.length; i++) {
        expect(beats[i].move).not.toBe(beats[i - 1].move);
        expect(beats[i].framing).not.toBe(beats[i - 1].framing);
      }
    }
    expect(planBeats(8, { sceneIndex: 1 })).toEqual(planBeats(8, { sceneIndex: 1, style: "Product Showcase" }));
  });

  it("keep every text at 4.5:1 or more on its card, band or ground, for any hue, tone and brand", () => {
    for (const style of STYLE_LOOK_NAMES) {
      const look = STYLE_LOOKS[style];
      const palettes = [];
      for (let main = 0; main < 360; main += 30)
        for (const tone of ["light", "dark"] as const) palettes.push(shotPalette({ main, accent: (main + 150) % 360 }, tone, undefined, look.background));
      palettes.push(
        brandPalette({ colors: ["#facc15", "#ffffff"], fontId: "inter" }, "light"),
        brandPalette({ colors: ["#111111", "#1e3a8a"], fontId: "inter" }, "dark"),
      );
      for (const p of palettes)
        for (const ground of ["background", "accent"] as const)
          expect(treatmentContrast(look.layout, p, ground), `${style} ${ground} ${JSON.stringify(p)}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });

  it("score each Style's music with its own mood, tempo and lead", () => {
    for (const style of STYLE_LOOK_NAMES) {
      const { mood, bpm, lead } = STYLE_LOOKS[style].music;
      const score = composeBed({ mood: style, durationSec: 6, seed: "s" });
      expect(score.mood).toBe(mood);
      expect(score.bpm).toBe(bpm);
      expect(score.tracks.some((t) => t.program === lead)).toBe(true);
    }
    // A plain mood keeps its recipe.
    expect(composeBed({ mood: "warm", durationSec: 4 }).bpm).toBe(88);
  });
});

describe.each(SIZES)("every text of every Style inside the safe area (%s)", (_ratio, size) => {
  it.each([...STYLE_LOOK_NAMES])("%s: the layout boxes of every shot", async (style) => {
    const area = textArea(size);
    for (const shot of SHOTS) {
      for (const headline of ["Crisp", LONG]) {
        const brand =
          shot === "end-card" && headline === LONG ? { brand: { colors: ["#0f766e", "#f59e0b"], fontId: "oswald", website: "crispbox.example.com/shop" } } : {};
        const { marks } = await composeShot(request(style, shot, size, headline, brand), product, hues);
        if (shot !== "close-up") expect(marks.length, `${style} ${shot}`).toBeGreaterThan(0);
        for (const m of marks) {
          const where = `${style} ${shot} ${m.what} ${JSON.stringify(m)} overflow ${JSON.stringify(safeAreaOverflow(m, size))}`;
          expect(insideSafeArea(m, size), where).toBe(true);
          // Above the caption band too.
          expect(m.top + m.height, where).toBeLessThanOrEqual(area.y + area.height);
        }
      }
    }
  });
});

/** The box around the pixels that differ (any channel by more than 60) between two pictures of one size. */
async function changedBox(a: Buffer, b: Buffer) {
  const [pa, pb] = await Promise.all([a, b].map((x) => sharp(x).raw().toBuffer({ resolveWithObject: true })));
  const { width, height, channels } = pa.info;
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      if ([0, 1, 2].some((c) => Math.abs(pa.data[i + c] - pb.data[i + c]) > 60)) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    }
  }
  return right < 0 ? null : { left, top, width: right - left + 1, height: bottom - top + 1 };
}

describe("the drawn text's pixels inside the safe area", () => {
  // The shots whose product does not move with the headline; the looks whose text treatment stays in the text's box
  // (the band look's band and the note card's tape run past it on purpose).
  it.each(SIZES)("plain, magazine and editorial text (%s)", async (_ratio, size) => {
    for (const style of ["Product Showcase", "Problem / Solution", "Lifestyle"]) {
      for (const shot of ["kinetic", "split", "photo"] as ShotKind[]) {
        const withText = await composeShot(request(style, shot, size, LONG), product, hues);
        const without = await composeShot(request(style, shot, size, ""), product, hues);
        const box = await changedBox(withText.image, without.image);
        expect(box, `${style} ${shot}`).not.toBeNull();
        // 2 px for JPEG ringing at the edges.
        expect(insideSafeArea(box!, size, 2), `${style} ${shot} ${JSON.stringify(box)} in ${JSON.stringify(safeArea(size))}`).toBe(true);
      }
    }
  });
});

describe("the text of pictures that are not ad shots inside the safe area", () => {
  it.each(SIZES)("a text card and a headline drawn on a picture (%s)", async (_ratio, size) => {
    const blank = await textCardImage("", size);
    const card = await textCardImage("Tired of soggy salads by lunchtime? Meet CrispBox, the lunch box that keeps greens crisp", size);
    const cardBox = await changedBox(card, blank);
    expect(cardBox).not.toBeNull();
    expect(insideSafeArea(cardBox!, size, 2), JSON.stringify(cardBox)).toBe(true);
    const plain = await sharp({ create: { ...size, channels: 3, background: "#9ca3af" } })
      .jpeg()
      .toBuffer();
    for (const version of ["v1", "v2"] as const) {
      const drawn = await drawHeadline(plain, LONG, version);
      const box = await changedBox(drawn, plain);
      expect(box).not.toBeNull();
      expect(insideSafeArea(box!, size, 2), `${version} ${JSON.stringify(box)}`).toBe(true);
    }
  });
});
