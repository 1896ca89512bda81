// Renders the fixed 3-scene ad (tests/providers/ad-inputs.ts) in every Style and writes a
// contact sheet of six frames per Style (one row each, in AD_STYLES order) to
// docs/contact-sheet.png, so anyone can see what the offline renderer makes (issue 14 §8).
// Usage: npx tsx scripts/contact-sheet.ts [out.png] (about a minute on 2 cores).
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { adVisualsCheck } from "../bench/ad-visuals";

const out = path.resolve(process.argv[2] ?? "docs/contact-sheet.png");
const work = path.resolve("tests/.tmp", `contact-sheet-${process.pid}`);
mkdirSync(work, { recursive: true });
try {
  const r = await adVisualsCheck(work, { size: { width: 360, height: 640 }, sheet: out, scripts: ["3 scenes"] });
  for (const s of r.styles) console.log(`${s.style}: ${s.shots.join(" → ")}`);
  console.log(`Contact sheet: ${path.relative(process.cwd(), out)}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
