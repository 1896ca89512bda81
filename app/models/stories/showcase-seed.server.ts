// Showcase demo data (development): when auth_showcase_videos is empty, a one-off workflow
// renders a few short 9:16 ads with the local providers — product photos drawn with sharp,
// demo scripts, offline voice, product shots, motion, music, captions — and publishes them in
// the public showcase-videos bucket with a thumbnail. Nothing is downloaded. ADR 104.
import { workflowRuns } from "~/models/workflows/engine.server";
import { functionId } from "~/models/workflows/events";
import { createReadStream } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import sharp from "sharp";
import { addShowcaseVideoOnce, hasShowcaseVideo } from "./showcase.server";
import { ensureFontconfig, escapeXml } from "~/providers/media/fonts.server";
import { VIDEO_SIZES, sizeWithLongSide, type Size } from "~/providers/media/types";
import { newWorkFile, workRoot } from "~/providers/media/workdir.server";
import { localRenderProvider, motionProvider, musicProvider, productImageProvider, voiceProvider } from "~/providers/registry.server";
import { sceneDurationFor } from "~/providers/render/local.server";
import type { RenderScene } from "~/providers/render/types";
import { deleteFile, storeFile } from "~/models/files/stored-files.server";
import { renderLongSide } from "~/utils/tuning.server";

export type ShowcaseDemo = {
  slug: string;
  title: string;
  description: string;
  category: string;
  style: string;
  palette: [string, string, string];
  voice: string;
  /** One line per scene (two scenes of about three seconds: a 6-8 s ad). */
  lines: [string, string];
  product: { shape: "bottle" | "jar" | "box"; colour: string; label: string };
};

export const SHOWCASE_DEMOS: readonly ShowcaseDemo[] = [
  {
    slug: "aurora-serum",
    title: "Aurora Glow Serum",
    description: "A product showcase for a vitamin C serum.",
    category: "Beauty",
    style: "Product Showcase",
    palette: ["#1e1b4b", "#7c3aed", "#f5f3ff"],
    voice: "slt",
    lines: ["Meet Aurora, the serum for morning glow.", "Bright skin in seven days."],
    product: { shape: "bottle", colour: "#7c3aed", label: "AURORA" },
  },
  {
    slug: "hearth-coffee",
    title: "Hearth Cold Brew",
    description: "A warm testimonial-style ad for a coffee jar.",
    category: "Food & Drink",
    style: "UGC Testimonial",
    palette: ["#fff7ed", "#fb923c", "#7c2d12"],
    voice: "rms",
    lines: ["I start every day with Hearth cold brew.", "Smooth, bold, and ready in a minute."],
    product: { shape: "jar", colour: "#9a3412", label: "HEARTH" },
  },
  {
    slug: "stride-sneakers",
    title: "Stride Runners",
    description: "An unboxing ad for a pair of running shoes.",
    category: "Fashion",
    style: "Unboxing",
    palette: ["#f0fdf4", "#22c55e", "#14532d"],
    voice: "awb",
    lines: ["Unbox the lightest Stride runners yet.", "Made for your fastest mile."],
    product: { shape: "box", colour: "#15803d", label: "STRIDE" },
  },
];

/** A product photo on a plain studio background, drawn with sharp (no downloaded media). */
export async function drawProductPhoto(product: ShowcaseDemo["product"], width = 800, height = 1000): Promise<Buffer> {
  ensureFontconfig();
  const W = width;
  const H = height;
  const c = product.colour;
  const label = escapeXml(product.label);
  let body: string;
  if (product.shape === "bottle") {
    const bw = W * 0.3;
    const x = (W - bw) / 2;
    const top = H * 0.28;
    const bottom = H * 0.84;
    body = `<rect x="${x + bw * 0.32}" y="${top - H * 0.1}" width="${bw * 0.36}" height="${H * 0.11}" rx="${bw * 0.04}" fill="#111827"/>
      <rect x="${x}" y="${top}" width="${bw}" height="${bottom - top}" rx="${bw * 0.16}" fill="${c}"/>
      <rect x="${x + bw * 0.08}" y="${top + H * 0.03}" width="${bw * 0.12}" height="${(bottom - top) * 0.8}" rx="${bw * 0.05}" fill="#ffffff" opacity="0.25"/>
      <rect x="${x}" y="${top + H * 0.18}" width="${bw}" height="${H * 0.16}" fill="#f8fafc"/>
      <text x="${W / 2}" y="${top + H * 0.28}" font-family="sans-serif" font-weight="bold" font-size="${bw * 0.17}" text-anchor="middle" fill="${c}">${label}</text>`;
  } else if (product.shape === "jar") {
    const bw = W * 0.46;
    const x = (W - bw) / 2;
    const top = H * 0.38;
    const bottom = H * 0.84;
    body = `<rect x="${x + bw * 0.04}" y="${top - H * 0.07}" width="${bw * 0.92}" height="${H * 0.08}" rx="${bw * 0.03}" fill="#1f2937"/>
      <rect x="${x}" y="${top}" width="${bw}" height="${bottom - top}" rx="${bw * 0.08}" fill="${c}"/>
      <rect x="${x + bw * 0.06}" y="${top + H * 0.02}" width="${bw * 0.08}" height="${(bottom - top) * 0.85}" rx="${bw * 0.03}" fill="#ffffff" opacity="0.22"/>
      <rect x="${x}" y="${top + H * 0.12}" width="${bw}" height="${H * 0.17}" fill="#fffbeb"/>
      <text x="${W / 2}" y="${top + H * 0.23}" font-family="sans-serif" font-weight="bold" font-size="${bw * 0.15}" text-anchor="middle" fill="${c}">${label}</text>`;
  } else {
    const bw = W * 0.62;
    const x = (W - bw) / 2;
    const top = H * 0.46;
    const bottom = H * 0.84;
    body = `<polygon points="${x},${top} ${x + bw * 0.12},${top - H * 0.07} ${x + bw * 1.0},${top - H * 0.07} ${x + bw},${top}" fill="#e5e7eb"/>
      <rect x="${x}" y="${top}" width="${bw}" height="${bottom - top}" fill="${c}"/>
      <rect x="${x}" y="${top}" width="${bw}" height="${H * 0.04}" fill="#000000" opacity="0.18"/>
      <text x="${W / 2}" y="${top + (bottom - top) * 0.62}" font-family="sans-serif" font-weight="bold" font-size="${bw * 0.14}" text-anchor="middle" fill="#f8fafc">${label}</text>`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs><radialGradient id="s" cx="0.5" cy="0.4" r="0.8"><stop offset="0" stop-color="#fbfbfb"/><stop offset="1" stop-color="#ececec"/></radialGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#s)"/>${body}</svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: "#f4f4f4" }).jpeg({ quality: 92 }).toBuffer();
}

function showcaseVideoSize(): Size {
  const long = renderLongSide();
  return long ? sizeWithLongSide("9:16", long) : VIDEO_SIZES["9:16"];
}

export { showcaseCount } from "./showcase.server";

/** The showcase workflow as the engine names it. */
const SHOWCASE_RUN = functionId("showcase-seed");

/**
 * Whether the example videos are being made right now (a fresh install renders them in the
 * background after its first start): the landing page says so instead of "none yet".
 */
export async function showcaseBeingMade(): Promise<boolean> {
  return workflowRuns.hasActiveRuns(SHOWCASE_RUN);
}

/**
 * Renders one demo ad and publishes it (video + thumbnail in showcase-videos, one row). Skips a
 * demo whose row exists already, so a retried step adds nothing twice.
 */
export async function renderShowcaseDemo(demo: ShowcaseDemo, displayOrder: number): Promise<{ created: boolean; videoPath?: string }> {
  if (await hasShowcaseVideo(demo.title)) return { created: false };
  // The local renderer: the demo files are private work files a hosted renderer cannot fetch.
  const providers = { voice: voiceProvider(), image: productImageProvider(), motion: motionProvider(), music: musicProvider(), render: localRenderProvider() };
  const size = showcaseVideoSize();
  const photo = await drawProductPhoto(demo.product);
  const work: string[] = [];
  try {
    const scenes: RenderScene[] = [];
    let thumbnail: Buffer | null = null;
    for (const [i, line] of demo.lines.entries()) {
      const voice = await providers.voice.synthesize({ text: line, voice: demo.voice });
      work.push(voice.path);
      const shot = await providers.image.generate({
        productImage: photo,
        prompt: line,
        style: demo.style,
        palette: demo.palette,
        aspectRatio: "9:16",
        version: i === 0 ? "v1" : "v2",
        headline: i === 0 ? demo.title : undefined,
        size,
      });
      const still = await newWorkFile(workRoot(), "showcase", shot.mime === "image/png" ? "png" : "jpg");
      await writeFile(still, shot.image);
      work.push(still);
      thumbnail ??= shot.image;
      const clip = await providers.motion.animate({
        image: still,
        durationSec: sceneDurationFor(voice.durationSec),
        aspectRatio: "9:16",
        sceneIndex: i,
        seed: demo.slug,
        size,
      });
      work.push(clip.path);
      // Drawn again from the still in the render's one encode (ADR 360).
      const madeFrom = clip.beats?.length && clip.transition ? { madeFrom: { image: still, beats: { list: clip.beats, transition: clip.transition } } } : {};
      scenes.push({ id: `${demo.slug}-${i + 1}`, visual: { kind: "clip", path: clip.path, ...madeFrom }, voiceOver: { path: voice.path }, captionText: line });
    }
    const total = scenes.length * 4;
    const music = await providers.music.generate({ mood: demo.style, durationSec: total + 2, seed: demo.slug });
    work.push(music.path);
    const video = await providers.render.render({ scenes, music: { path: music.path }, format: "mp4", aspectRatio: "9:16", size, seed: demo.slug });
    work.push(video.path);

    const storedVideo = await storeFile({
      bucket: "showcase-videos",
      ownerId: null,
      isPublic: true,
      kinds: ["video"],
      body: createReadStream(video.path),
      originalName: `${demo.slug}.mp4`,
    });
    const thumb = await sharp(thumbnail!).resize({ width: 360, height: 640, fit: "cover" }).jpeg({ quality: 82 }).toBuffer();
    const storedThumb = await storeFile({
      bucket: "showcase-videos",
      ownerId: null,
      isPublic: true,
      kinds: ["image"],
      body: thumb,
      originalName: `${demo.slug}.jpg`,
    });
    let added = false;
    try {
      added = await addShowcaseVideoOnce({
        title: demo.title,
        description: demo.description,
        category: demo.category,
        videoPath: storedVideo.key,
        thumbnailPath: storedThumb.key,
        displayOrder,
      });
    } finally {
      if (!added) {
        await deleteFile(storedVideo.bucket, storedVideo.key).catch(() => undefined);
        await deleteFile(storedThumb.bucket, storedThumb.key).catch(() => undefined);
      }
    }
    return added ? { created: true, videoPath: storedVideo.key } : { created: false };
  } finally {
    await Promise.all(work.map((f) => rm(f, { force: true })));
  }
}
