// The brand kit (issue 23 item 3, docs/decisions/310-brand-kit.md): saved through the core and
// the settings page (field messages, nothing changed on bad input, SVG drawn safely), and worn
// by a new ad: the Create Video shots (palette, logo and call to action on the end card), and the
// render the compile asks for (captions in the kit's font and colours, the corner mark).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getBrandKit, ownerBrand, saveBrandKit, BRAND_MESSAGES } from "~/models/brand";
import { buildRenderRequest } from "~/models/compile/compile-render.server";
import { runSceneAssetStep } from "~/models/generation/scene-assets.server";
import { getProjectWithScenes } from "~/models/projects/project.server";
import { demuxerOf, inputArgs, runFfmpeg } from "~/providers/media/ffmpeg.server";
import { brandCaptionStyle, captionBand, captionStyleFor } from "~/providers/render/captions.server";
import { LocalRenderProvider } from "~/providers/render/local.server";
import type { RenderRequest } from "~/providers/render/types";
import * as settingsRoute from "~/routes/_shell.settings";
import * as previewRoute from "~/routes/resources.brand-preview";
import { prisma } from "~/utils/db.server";
import { seedReferenceData } from "../../prisma/seed";
import { sessionCookieFor } from "./payments-helpers";
import { actorOf, fileOf, newCustomer, projectWithScenes, storeProductPhoto } from "./pipeline-helpers";
import { useTempStorage } from "./storage-helpers";

const ORIGIN = "http://localhost:3107";
const MAGENTA = [255, 0, 255];
const COLORS = ["#1a1a2e", "#4ade80"];
/** A logo in colours nothing else in the ad has: a magenta disc over a green bar. */
const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect x="0" y="140" width="200" height="60" fill="#00c000"/><circle cx="100" cy="70" r="70" fill="#ff00ff"/></svg>`;

let storage: Awaited<ReturnType<typeof useTempStorage>>;
let work: string;
beforeAll(async () => {
  process.env.RENDER_LONG_SIDE = "384";
  storage = await useTempStorage();
  await seedReferenceData();
  work = mkdtempSync(path.join(os.tmpdir(), "brand-kit-it-"));
});
afterAll(async () => {
  await storage.cleanup();
  rmSync(work, { recursive: true, force: true });
});

type Rgb = { data: Buffer; width: number; height: number };

async function pixels(file: string): Promise<Rgb> {
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The frame at `t` seconds of a video, as RGB pixels. */
async function frameAt(video: string, t: number): Promise<Rgb> {
  const png = path.join(work, `frame-${Math.random().toString(36).slice(2)}.png`);
  await runFfmpeg([...inputArgs(video, await demuxerOf(video), ["-ss", t.toFixed(3)]), "-frames:v", "1", png], { limiter: null });
  return pixels(png);
}

/** How many pixels of a region are within `tolerance` of `rgb`. */
function count(img: Rgb, rgb: number[], region: { x: number; y: number; w: number; h: number }, tolerance = 60): number {
  let n = 0;
  for (let y = region.y; y < region.y + region.h; y++)
    for (let x = region.x; x < region.x + region.w; x++) {
      const i = (y * img.width + x) * 3;
      if (Math.hypot(img.data[i] - rgb[0], img.data[i + 1] - rgb[1], img.data[i + 2] - rgb[2]) < tolerance) n++;
    }
  return n;
}

/** Mean absolute difference of two frames over a band of rows. */
function diff(a: Rgb, b: Rgb, top: number, height: number): number {
  let sum = 0;
  for (let i = top * a.width * 3; i < (top + height) * a.width * 3; i++) sum += Math.abs(a.data[i] - b.data[i]);
  return sum / (height * a.width * 3);
}

/** The share of a band's pixels where a channel differs by more than 64: a drawn change, not the encoder's noise. */
function strongChanges(a: Rgb, b: Rgb, top: number, height: number): number {
  let n = 0;
  for (let p = top * a.width; p < (top + height) * a.width; p++) if ([0, 1, 2].some((c) => Math.abs(a.data[p * 3 + c] - b.data[p * 3 + c]) > 64)) n++;
  return n / (height * a.width);
}

const hex = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));

describe("saving a brand kit", () => {
  it("refuses bad fields and unsafe SVGs with a message per field, changing nothing", async () => {
    const user = await newCustomer();
    const actor = actorOf(user.id);
    const bad = await saveBrandKit(actor, { colors: ["#12345"], fontId: "comic", callToAction: "", website: "", cornerMark: false });
    expect(bad).toEqual({
      ok: false,
      message: BRAND_MESSAGES.invalid,
      fieldErrors: { colors: BRAND_MESSAGES.colorFormat, fontId: BRAND_MESSAGES.font },
    });
    const evil = await saveBrandKit(
      actor,
      { colors: COLORS, fontId: "inter", callToAction: "", website: "", cornerMark: false },
      {
        kind: "replace",
        bytes: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`),
      },
    );
    expect(evil).toMatchObject({ ok: false, fieldErrors: { logo: BRAND_MESSAGES.svgUnsafe } });
    expect(await getBrandKit(actor)).toBeNull();
    expect(await prisma.storedObject.count({ where: { ownerId: user.id } })).toBe(0);
  });

  it("stores the logo as a PNG, replaces and removes it, and is read by its owner only", async () => {
    const user = await newCustomer();
    const other = await newCustomer();
    const actor = actorOf(user.id);
    const input = { colors: COLORS, fontId: "oswald", callToAction: "Visit us", website: "acme.test", cornerMark: true };
    const saved = await saveBrandKit(actor, input, { kind: "replace", bytes: Buffer.from(LOGO_SVG) });
    expect(saved.ok).toBe(true);
    const kit = await getBrandKit(actor);
    expect(kit).toMatchObject({ colors: COLORS, fontId: "oswald", callToAction: "Visit us", website: "acme.test", cornerMark: true });
    const files = await prisma.storedObject.findMany({ where: { ownerId: user.id } });
    expect(files.map((f) => f.contentType)).toEqual(["image/png"]);
    expect(kit!.logoUrl).toContain(files[0].key);
    await saveBrandKit(actor, input, { kind: "replace", bytes: await sharp(Buffer.from(LOGO_SVG)).png().toBuffer() });
    expect(await prisma.storedObject.count({ where: { ownerId: user.id } })).toBe(1);
    await saveBrandKit(actor, input, { kind: "remove" });
    expect((await getBrandKit(actor))!.logoUrl).toBeNull();
    expect(await prisma.storedObject.count({ where: { ownerId: user.id } })).toBe(0);
    await expect(getBrandKit(actorOf(other.id), user.id)).rejects.toThrow();
    await expect(ownerBrand(actorOf(other.id), user.id)).rejects.toThrow();
  });

  it("is saved, previewed and refused through the settings page (multipart, no JavaScript)", async () => {
    const user = await newCustomer();
    const cookie = await sessionCookieFor(user.id);
    const post = (fields: Array<[string, string | File]>) => {
      const form = new FormData();
      for (const [k, v] of fields) form.append(k, v);
      return (settingsRoute.action as (a: ActionFunctionArgs) => Promise<unknown>)({
        request: new Request(`${ORIGIN}/settings?brand`, { method: "POST", body: form, headers: { Cookie: cookie } }),
        params: {},
        context: {},
      });
    };
    const unwrap = (v: unknown) =>
      (v as { type?: string }).type === "DataWithResponseInit" ? (v as { data: unknown; init: { status: number } }) : { data: v, init: { status: 200 } };
    const fields: Array<[string, string | File]> = [
      ["color1", "#1a1a2e"],
      ["color1Text", "#1a1a2e"],
      ["color1Was", "#1e3a8a"],
      ["color2", "#000000"],
      ["color2Text", "4ADE80"],
      ["color2Was", "#000000"],
      ["fontId", "poppins"],
      ["callToAction", "Order today"],
      ["website", "@acme"],
      ["cornerMark", "on"],
    ];
    const logo = new File([LOGO_SVG], "logo.svg", { type: "image/svg+xml" });
    const preview = unwrap(await post([...fields, ["logo", logo], ["intent", "brand-preview"]]));
    expect(preview.data).toMatchObject({ intent: "brand", step: "preview", ok: true, values: { colors: COLORS, fontId: "poppins" } });
    const url = (preview.data as { previewUrl: string }).previewUrl;
    expect(url).toMatch(/^data:image\/jpeg;base64,/);
    const frame = await sharp(Buffer.from(url.split(",")[1], "base64"))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(
      count({ data: frame.data, width: frame.info.width, height: frame.info.height }, MAGENTA, { x: 0, y: 0, w: frame.info.width, h: 200 }),
    ).toBeGreaterThan(200);
    expect(await getBrandKit(actorOf(user.id))).toBeNull();

    const refused = unwrap(await post([...fields.filter(([k]) => k !== "website"), ["website", "x".repeat(61)], ["intent", "brand-save"]]));
    expect(refused.init.status).toBe(400);
    expect(refused.data).toMatchObject({ ok: false, fieldErrors: { website: BRAND_MESSAGES.websiteLong } });
    expect(await getBrandKit(actorOf(user.id))).toBeNull();

    const saved = unwrap(await post([...fields, ["logo", logo], ["intent", "brand-save"]]));
    expect(saved.data).toMatchObject({ ok: true, message: BRAND_MESSAGES.saved });
    expect(await getBrandKit(actorOf(user.id))).toMatchObject({ colors: COLORS, fontId: "poppins", website: "@acme", cornerMark: true });
    const image = (await (previewRoute.loader as (a: LoaderFunctionArgs) => Promise<Response>)({
      request: new Request(`${ORIGIN}/resources/brand-preview`, { headers: { Cookie: cookie } }),
      params: {},
      context: {},
    })) as Response;
    expect(image.headers.get("Content-Type")).toBe("image/jpeg");
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).height).toBe(640);
  });
});

describe("a new ad of a user with a kit", () => {
  it("wears the logo, palette, font and corner mark; a user without a kit gets no brand", async () => {
    const user = await newCustomer();
    const actor = actorOf(user.id);
    const photo = await storeProductPhoto(user.id);
    const plain = await projectWithScenes(user.id, { productImage: photo });
    await prisma.scene.updateMany({ where: { projectId: plain.id }, data: { imageUrl: photo } });
    expect((await buildRenderRequest(actor, plain.id, "mp4")).brand).toBeUndefined();
    // An editor scene's picture (not an ad shot), before and after the kit: its colours change.
    const editorScene = { projectId: plain.id, sceneId: (await getProjectWithScenes(actor, plain.id)).scenes[0].id };
    const editorPicture = async () => {
      await runSceneAssetStep(actor, editorScene, "image", { regenerate: true });
      return pixels(fileOf((await getProjectWithScenes(actor, plain.id)).scenes[0].imageUrl));
    };
    await runSceneAssetStep(actor, editorScene, "image prompt");
    const before = await editorPicture();

    expect(
      (
        await saveBrandKit(
          actor,
          { colors: COLORS, fontId: "bebas-neue", callToAction: "Visit acme", website: "acme.test", cornerMark: true },
          {
            kind: "replace",
            bytes: Buffer.from(LOGO_SVG),
          },
        )
      ).ok,
    ).toBe(true);
    const after = await editorPicture();
    expect(diff(before, after, 0, Math.round(before.height * 0.2))).toBeGreaterThan(3);
    const project = await projectWithScenes(user.id, {
      productImage: await storeProductPhoto(user.id),
      scenes: [
        { title: "Hook", script: "Meet Aurora, the serum for a morning glow.", voiceOverText: "Meet Aurora, the serum for a morning glow." },
        { title: "End", script: "Bright skin in seven days.", voiceOverText: "Bright skin in seven days." },
      ],
    });
    const { scenes } = await getProjectWithScenes(actor, project.id);
    for (const scene of scenes)
      for (const step of ["image prompt", "image", "voice-over"] as const)
        await runSceneAssetStep(actor, { projectId: project.id, sceneId: scene.id }, step, { adShots: true });
    const made = (await getProjectWithScenes(actor, project.id)).scenes;
    const hook = await pixels(fileOf(made[0].imageUrl));
    const end = await pixels(fileOf(made[1].imageUrl));
    // The logo (whole, its magenta and green) at the top of the end card, not on the hook shot.
    const top = { x: 0, y: 0, w: end.width, h: Math.round(end.height * 0.3) };
    // (Scene pictures are drawn at RENDER_LONG_SIDE: 216 x 384 here; the logo is about 30 px.)
    expect(count(end, MAGENTA, top)).toBeGreaterThan(200);
    expect(count(end, [0, 192, 0], top)).toBeGreaterThan(120);
    expect(count(hook, MAGENTA, { x: 0, y: 0, w: hook.width, h: hook.height })).toBe(0);
    // The palette: the end card's background is the kit's first colour, its button the second.
    expect(count(end, hex(COLORS[0]), { x: 0, y: 0, w: 40, h: 40 }, 12)).toBeGreaterThan(1500);
    expect(count(end, hex(COLORS[1]), { x: 0, y: 0, w: end.width, h: end.height }, 12)).toBeGreaterThan(1000);

    const request = await buildRenderRequest(actor, project.id, "mp4");
    expect(request.brand).toMatchObject({ fontId: "bebas-neue", colors: COLORS, cornerMark: { path: expect.any(String) } });
    const renderer = new LocalRenderProvider({ workDir: path.join(work, "render") });
    const video = await renderer.render(request);
    const { width, height } = video;
    // The corner mark in every scene (left, just above the captions); the logo on the end card.
    const first = await frameAt(video.path, 1.0);
    const last = await frameAt(video.path, video.scenes[0].durationSec + 0.6);
    const corner = { x: 0, y: Math.round(height * 0.55), w: Math.round(width * 0.2), h: Math.round(height * 0.17) };
    expect(count(first, MAGENTA, corner)).toBeGreaterThan(20);
    expect(count(last, MAGENTA, { x: 0, y: 0, w: width, h: Math.round(height * 0.3) })).toBeGreaterThan(count(last, MAGENTA, corner) + 100);

    // Captions: in the kit's font (the same scene with another font differs in the caption band
    // only) and its colours (the spoken word in the kit's second colour).
    const style = brandCaptionStyle(captionStyleFor(project.style), { colors: COLORS, fontId: "bebas-neue" });
    const band = captionBand({ width, height }, style);
    const one = (fontId: string): RenderRequest => ({ ...request, scenes: request.scenes.slice(0, 1), brand: { ...request.brand!, fontId } });
    const kitFont = await frameAt((await renderer.render(one("bebas-neue"))).path, 1.0);
    const otherFont = await frameAt((await renderer.render(one("playfair-display"))).path, 1.0);
    expect(diff(kitFont, otherFont, band.top, band.height)).toBeGreaterThan(4);
    // Above the band only the encoder's noise differs (small changes), never a drawn stroke.
    expect(strongChanges(kitFont, otherFont, 0, band.top - 2)).toBeLessThan(0.005);
    expect(count(kitFont, hex(style.highlight), { x: 0, y: band.top, w: width, h: band.height }, 50)).toBeGreaterThan(30);
    expect(style.highlight).toBe(COLORS[1]);
  });
});
