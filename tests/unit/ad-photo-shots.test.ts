// The user's own project pictures as shots (issue 14 §2, docs/decisions/221-project-assets-as-shots.md):
// the plan gives some body scenes a photo shot (never the hook or the end card, never two in a
// row), and the compositor shows the picture full bleed with the call-out on an accent panel.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { LocalProductImageProvider } from "~/providers/image/local.server";
import { AD_STYLES, photoScenes, planAdStructure } from "~/providers/llm/planner/ad-structure";
import { productPhoto } from "../providers/fixtures";
import { AD_SCRIPT_6 } from "../providers/ad-inputs";

const SIZE = { width: 270, height: 480 };

describe("photo shots in the plan", () => {
  it("puts the project's pictures on body scenes, every other one from the second", () => {
    expect(photoScenes(3, 1)).toEqual([1]);
    expect(photoScenes(3, 5)).toEqual([1]);
    expect(photoScenes(6, 2)).toEqual([1, 3]);
    expect(photoScenes(6, 9)).toEqual([1, 3]);
    expect(photoScenes(6, 0)).toEqual([]);
    expect(photoScenes(2, 3)).toEqual([]);
    for (const style of AD_STYLES) {
      const plan = planAdStructure({ scenes: AD_SCRIPT_6, style, photos: 2 });
      expect(plan.shots.map((s) => s.photo ?? null)).toEqual([null, 0, null, 1, null, null]);
      expect(plan.shots[1].shot).toBe("photo");
      expect(plan.shots[1].headline).not.toBe("");
      expect(plan.shots[0].beat).toBe("hook");
      expect(plan.shots[5].shot).toBe("end-card");
      for (let i = 1; i < 6; i++) expect(plan.shots[i].shot, `${style} ${i}`).not.toBe(plan.shots[i - 1].shot);
    }
    // Without pictures nothing changes.
    expect(planAdStructure({ scenes: AD_SCRIPT_6, style: "Lifestyle" }).shots.some((s) => s.shot === "photo")).toBe(false);
  });
});

describe("photo shot picture", () => {
  it("shows the user's picture full bleed, with the call-out above the caption band", async () => {
    // A striped "photo" no product shot would draw: orange and blue bands.
    const bands = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900"><rect width="600" height="900" fill="#1e5bd8"/>${Array.from({ length: 9 }, (_, i) => `<rect y="${i * 100}" width="600" height="50" fill="#f08a1c"/>`).join("")}</svg>`,
    );
    const photo = await sharp(bands).jpeg().toBuffer();
    const r = await new LocalProductImageProvider().generate({
      productImage: await productPhoto(),
      prompt: "x",
      aspectRatio: "9:16",
      version: "v1",
      size: SIZE,
      shot: "photo",
      headline: "Keeps greens crisp",
      tone: "light",
      photo,
    });
    const { data, info } = await sharp(r.image).raw().toBuffer({ resolveWithObject: true });
    // The lower half (below the call-out) is the photo: orange and blue pixels, nothing else much.
    let photoLike = 0;
    let total = 0;
    for (let y = Math.round(info.height * 0.4); y < info.height; y++) {
      for (let x = 0; x < info.width; x++) {
        const i = (y * info.width + x) * info.channels;
        const [red, g, b] = [data[i], data[i + 1], data[i + 2]];
        const orange = red > 200 && g > 100 && g < 170 && b < 80;
        const blue = red < 70 && g > 60 && g < 120 && b > 180;
        if (orange || blue) photoLike++;
        total++;
      }
    }
    expect(photoLike / total).toBeGreaterThan(0.9);
    // Without a readable picture it is a kinetic shot (full-bleed colour), not an error.
    const fallback = await new LocalProductImageProvider().generate({
      productImage: await productPhoto(),
      prompt: "x",
      aspectRatio: "9:16",
      version: "v1",
      size: SIZE,
      shot: "photo",
      headline: "Keeps greens crisp",
      tone: "light",
      photo: Buffer.from("not a picture"),
    });
    expect(fallback.width).toBe(SIZE.width);
  });
});
