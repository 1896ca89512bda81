// The five Styles side by side (issue 24 §3, docs/decisions/341-five-style-looks.md): one fixed
// 3-scene script drawn in each Style by the real local providers (the ad's plan, the local
// compositor's shots, and the motion step's beat plan), 9:16, three frames each (the hook, a middle
// beat, the end card) with the Style's type, moves, transition and music under each column. The
// platform-safe area (ADR 340) is outlined on the frames.
// Usage: npx tsx scripts/style-contact-sheet.ts [out.jpg]   (writes docs/styles-contact-sheet.jpg, < 400 KB; about 20 s)
import { writeFileSync } from "node:fs";
import path from "node:path";
import sharp, { type OverlayOptions } from "sharp";
import { LocalProductImageProvider } from "~/providers/image/local.server";
import { styleLookFor } from "~/providers/image/style-looks";
import { AD_STYLES, planAdStructure, styleTone } from "~/providers/llm/planner/ad-structure";
import { safeArea } from "~/providers/media/safe-zones";
import { renderTextImage } from "~/providers/media/text.server";
import { planBeats } from "~/providers/motion/beats";
import { composeBed } from "~/providers/music/composer";

const SCRIPT = [
  "Tired of soggy salads by lunchtime? Meet CrispBox.",
  "Its sealed dressing pod keeps your greens crisp for hours. It is leak proof and dishwasher safe.",
  "Order CrispBox today and get free shipping across India.",
];
const SIZE = { width: 540, height: 960 };
const THUMB = { width: 240, height: 427 };
const GAP = 12;
const LABEL_H = 150;

const out = path.resolve(process.argv[2] ?? "docs/styles-contact-sheet.jpg");

/** A product photo drawn in code: a teal bottle with a label on a plain studio background. */
async function productPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200"><rect width="900" height="1200" fill="#f4f4f4"/>
<rect x="375" y="130" width="150" height="120" rx="16" fill="#1f2937"/>
<rect x="300" y="240" width="300" height="790" rx="50" fill="#0f766e"/>
<rect x="300" y="500" width="300" height="240" fill="#f8fafc"/>
<text x="450" y="640" font-family="sans-serif" font-weight="bold" font-size="56" text-anchor="middle" fill="#0f766e">CRISP</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The safe area's outline, dashed, at the thumbnail's scale. */
function safeOutline(): Buffer {
  const a = safeArea(SIZE);
  const s = THUMB.width / SIZE.width;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${THUMB.width}" height="${THUMB.height}"><rect x="${a.left * s}" y="${a.top * s}" width="${a.width * s}" height="${a.height * s}" fill="none" stroke="#ff00aa" stroke-width="1" stroke-dasharray="4 3" stroke-opacity="0.8"/></svg>`,
  );
}

async function main() {
  const images = new LocalProductImageProvider();
  const photo = await productPhoto();
  const columns: OverlayOptions[] = [];
  const colW = THUMB.width;
  const sheetW = AD_STYLES.length * colW + (AD_STYLES.length + 1) * GAP;
  const sheetH = GAP + 40 + 3 * (THUMB.height + GAP) + LABEL_H;
  for (const [c, style] of AD_STYLES.entries()) {
    const plan = planAdStructure({ scenes: SCRIPT, style });
    const look = styleLookFor(style);
    const x = GAP + c * (colW + GAP);
    const title = await renderTextImage({ text: style, sizePx: 22, color: "#ffffff", maxWidth: colW, align: "centre", fontId: look.type.fontId });
    columns.push({ input: title.png, left: Math.round(x + (colW - title.width) / 2), top: GAP });
    for (const [r, i] of [0, 1, 2].entries()) {
      const shot = plan.shots[i];
      const image = await images.generate({
        productImage: photo,
        prompt: SCRIPT[i],
        aspectRatio: "9:16",
        version: "v1",
        size: SIZE,
        style,
        shot: shot.shot,
        headline: shot.headline || undefined,
        productName: shot.shot === "end-card" ? plan.product : undefined,
        tone: styleTone(style),
      });
      // The middle scene at its second beat's framing (the motion step's zoom of that beat), the others whole.
      let frame = sharp(image.image);
      if (r === 1) {
        const beat = planBeats(4, { sceneIndex: 1, style })[1];
        const zoom = beat.framing === "close" ? 1.3 : beat.framing === "medium" ? 1.15 : 1;
        const w = Math.round(SIZE.width / zoom);
        const h = Math.round(SIZE.height / zoom);
        frame = sharp(await frame.extract({ left: Math.round((SIZE.width - w) / 2), top: Math.round((SIZE.height - h) / 2), width: w, height: h }).toBuffer());
      }
      const thumb = await frame
        .resize(THUMB.width, THUMB.height)
        .composite([{ input: safeOutline(), left: 0, top: 0 }])
        .png()
        .toBuffer();
      columns.push({ input: thumb, left: x, top: GAP + 40 + r * (THUMB.height + GAP) });
    }
    const t = look.motion.transition;
    const music = composeBed({ mood: style, durationSec: 4 });
    const label = [
      `${look.layout} · ${look.type.fontId}${look.type.uppercase ? " caps" : ""}`,
      `moves: ${look.motion.moves.join(", ")}`,
      `beats joined by ${t.kind === "cut" ? "a cut" : `${t.kind} ${t.seconds}s`}`,
      `music: ${music.description}`,
    ].join("\n");
    const text = await renderTextImage({ text: label, sizePx: 15, color: "#e5e7eb", maxWidth: colW, align: "left", style: "sans" });
    columns.push({ input: text.png, left: x, top: GAP + 40 + 3 * (THUMB.height + GAP) });
  }
  const jpg = await sharp({ create: { width: sheetW, height: sheetH, channels: 3, background: "#111827" } })
    .composite(columns)
    .jpeg({ quality: 78, mozjpeg: true })
    .toBuffer();
  writeFileSync(out, jpg);
  console.log(`${path.relative(process.cwd(), out)}: ${sheetW}x${sheetH}, ${Math.round(jpg.length / 1024)} KB`);
}

await main();
