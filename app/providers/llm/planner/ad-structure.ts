// The beats of a short ad (docs/decisions/204-ad-beats-and-shots.md): a hook in the first
// scene (large text on screen from the first frame), the body, and an end card with the product
// name and a call to action. Each Style has its own sequence of shot types and camera moves, and
// consecutive scenes never share a shot type or a move. Pure and deterministic: the same script
// and style always give the same plan, so a retried image step draws the same picture.
import { calloutFor, endCardFor, hookFor } from "./copy-writer";
import { keepsCopyRules, normaliseScript } from "./copy-rules";
import { findBenefit, findProduct } from "./seo";
import { splitSentences } from "./text";

export const AD_STYLES = ["Product Showcase", "UGC Testimonial", "Unboxing", "Problem / Solution", "Lifestyle"] as const;
export type AdStyle = (typeof AD_STYLES)[number];

export type AdBeat = "hook" | "body" | "end";

/**
 * How a scene's picture is composed from the one product photo:
 * hero: the product standing on a surface; close-up: a tight crop of it; feature: the product
 * beside a call-out; split: half product, half colour panel with text; kinetic: full-bleed colour
 * with large type (and the product small); end-card: product, name, call to action, logo;
 * photo: one of the user's own project pictures, full bleed, with a call-out
 * (docs/decisions/221-project-assets-as-shots.md).
 */
export const SHOT_TYPES = ["hero", "close-up", "feature", "split", "kinetic", "end-card", "photo"] as const;
export type ShotType = (typeof SHOT_TYPES)[number];

/** Camera moves of the motion step (app/providers/motion/types.ts MOTION_VARIANTS). */
export type ShotMotion = "zoom-in" | "zoom-out" | "pan-left" | "pan-right";

export type AdShot = {
  beat: AdBeat;
  shot: ShotType;
  motion: ShotMotion;
  /** Large text drawn on the picture: the hook, a feature call-out, or the end card's call to action. */
  headline: string;
  /** A photo shot: which of the project's pictures (0-based, in the order they were added). */
  photo?: number;
};

export type AdStructure = {
  style: AdStyle;
  product: string;
  callToAction: string;
  shots: AdShot[];
};

type StyleRecipe = {
  hook: ShotType;
  body: ShotType[];
  /** Fallback call to action when the script has none. */
  cta: (product: string) => string;
  /** Light or dark backgrounds for the style's pictures. */
  tone: "light" | "dark";
};

const RECIPES: Record<AdStyle, StyleRecipe> = {
  "Product Showcase": { hook: "hero", body: ["close-up", "feature", "split"], cta: (p) => (p ? `Shop ${p} now` : "Shop now"), tone: "light" },
  "UGC Testimonial": { hook: "kinetic", body: ["hero", "split", "close-up"], cta: (p) => (p ? `Try ${p} today` : "Try it today"), tone: "light" },
  Unboxing: { hook: "kinetic", body: ["close-up", "hero", "feature"], cta: (p) => (p ? `Get your ${p}` : "Get yours today"), tone: "dark" },
  "Problem / Solution": { hook: "kinetic", body: ["split", "close-up", "feature"], cta: (p) => (p ? `Fix it with ${p}` : "Fix it today"), tone: "dark" },
  Lifestyle: { hook: "split", body: ["hero", "close-up", "feature"], cta: (p) => (p ? `Make ${p} yours` : "Make it yours"), tone: "light" },
};

/**
 * The move each shot gets: a push-in on the hero and the type, a pan across the close-up (it has
 * no text a pan could crop), pull-backs on call-outs, panels and the end card.
 */
const MOTION_BY_SHOT: Record<ShotType, ShotMotion> = {
  hero: "zoom-in",
  "close-up": "pan-right",
  feature: "zoom-out",
  split: "zoom-out",
  kinetic: "zoom-in",
  "end-card": "zoom-out",
  photo: "zoom-in",
};

export function adStyleOf(style: string | null | undefined): AdStyle {
  const s = (style ?? "").toLowerCase();
  if (/ugc|testimonial|review/.test(s)) return "UGC Testimonial";
  if (/unbox/.test(s)) return "Unboxing";
  if (/problem|solution/.test(s)) return "Problem / Solution";
  if (/lifestyle/.test(s)) return "Lifestyle";
  return "Product Showcase";
}

export function styleTone(style: string | null | undefined): "light" | "dark" {
  return RECIPES[adStyleOf(style)].tone;
}

// "Order now", "Shop today", "Get yours", "Link in bio", "Tap to buy" ... as said in the script.
const CTA_SENTENCE = /\b(?:order|shop|buy|get|grab|try|tap|click|visit|join|book|download|subscribe)\b[^.!?]*|\blink in (?:the )?bio\b/i;

/**
 * Which scenes show the user's own pictures (ADR 221): body scenes, every other one from the
 * second scene, one picture each, never the hook or the end card.
 */
export function photoScenes(sceneCount: number, photos: number): number[] {
  const out: number[] = [];
  for (let i = 1; i < sceneCount - 1 && out.length < photos; i += 2) out.push(i);
  return out;
}

/**
 * The plan for `scenes` (their spoken texts, in order) in `style`. `product` overrides the name
 * found in the script (seo.ts findProduct); `photos`: how many pictures of its own the project has.
 */
export function planAdStructure(input: {
  scenes: string[];
  style?: string | null;
  product?: string | null;
  photos?: number;
  /** A language model's words (the ad_copy task): each field kept only where it keeps the rules (ADR 320). */
  copy?: Partial<AdCopy> | null;
}): AdStructure {
  const style = adStyleOf(input.style);
  const recipe = RECIPES[style];
  const all = input.scenes.join(" ");
  const product = (input.product?.trim() || findProduct(normaliseScript(all))).slice(0, 40);
  const n = input.scenes.length;
  const last = input.scenes[n - 1] ?? "";
  // The end card names the call to action, never what the captions under it say (ADR 320).
  const model = input.copy ?? {};
  const ctx = { script: all, product };
  const localEnd = endCardFor({ script: all, lastScene: last, product, styleCta: recipe.cta(product) });
  const callToAction = model.endCard && keepsCopyRules("endCard", model.endCard, { ...ctx, captions: last }) ? model.endCard : localEnd;
  const modelText = (field: "hook" | "callout", text: string | undefined) => (text && keepsCopyRules(field, text, ctx) ? text : null);
  const shots: AdShot[] = [];
  const photoAt = photoScenes(n, Math.max(0, Math.floor(input.photos ?? 0)));
  for (let i = 0; i < n; i++) {
    const beat: AdBeat = i === n - 1 && n > 1 ? "end" : i === 0 ? "hook" : "body";
    let shot: ShotType = beat === "hook" ? recipe.hook : beat === "end" ? "end-card" : recipe.body[(i - 1) % recipe.body.length];
    // A single scene is hook and end card at once: the end card carries the hook's text.
    if (n === 1) shot = "end-card";
    if (i > 0 && shots[i - 1].shot === shot) shot = recipe.body.find((s) => s !== shot && s !== nextShot(recipe, i, n)) ?? "hero";
    const photo = photoAt.indexOf(i);
    if (photo >= 0) shot = "photo";
    let motion = MOTION_BY_SHOT[shot];
    if (i > 0 && shots[i - 1].motion === motion) motion = alternateMotion(motion);
    const headline =
      beat === "hook" || n === 1
        ? (modelText("hook", model.hook) ?? hookText(input.scenes[i], product))
        : beat === "end"
          ? callToAction
          : shot === "feature" || shot === "split" || shot === "photo"
            ? (modelText("callout", model.callouts?.[i]) ?? calloutText(input.scenes[i], product))
            : "";
    shots.push({ beat, shot, motion, headline, ...(photo >= 0 ? { photo } : {}) });
  }
  return { style, product, callToAction, shots };
}

function nextShot(recipe: StyleRecipe, i: number, n: number): ShotType {
  return i + 1 === n - 1 ? "end-card" : recipe.body[i % recipe.body.length];
}

function alternateMotion(m: ShotMotion): ShotMotion {
  return m === "zoom-in" ? "zoom-out" : m === "zoom-out" ? "zoom-in" : m === "pan-left" ? "pan-right" : "pan-left";
}

/** The hook: the first sentence when it is short (a question, a claim), else its best phrase (copy-writer.ts). */
export function hookText(text: string, product = ""): string {
  return hookFor(text, product);
}

/** A call-out: the benefit the scene states ("Keeps your greens crisp"), else its best phrase; "" when none keeps the rules. */
export function calloutText(text: string, product = ""): string {
  return calloutFor(text, findBenefit(normaliseScript(text), product), product);
}

/** The script's own call to action ("Order yours today"), when its last scene says one. */
export function scriptCallToAction(text: string): string {
  for (const sentence of splitSentences(text).reverse()) {
    const m = CTA_SENTENCE.exec(sentence);
    // "Order CrispBox today and get free shipping": the action, without what follows it.
    const action = m?.[0]
      .split(/\s+(?:and|but|so|because|while|with|for)\s+/i)[0]
      .trim()
      .replace(/[,;:]+$/, "");
    if (action && words(action) <= 7) return capitalise(action);
  }
  return "";
}

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export type AdCopy = { product: string; hook: string; callouts: string[]; endCard: string };

/** The words the local planner draws on an ad (the ad_copy task): hook, a call-out per scene, end card, product. */
export function adCopy(input: { scenes: string[]; style?: string | null; product?: string | null }): AdCopy {
  const plan = planAdStructure({ scenes: input.scenes, style: input.style, product: input.product });
  const last = input.scenes.length - 1;
  return {
    product: plan.product,
    hook: plan.shots[0]?.headline ?? "",
    callouts: input.scenes.map((text, i) => (i === 0 || (i === last && last > 0) ? "" : calloutText(text, plan.product))),
    endCard: plan.callToAction,
  };
}
