// The price list: what each piece of work costs in credits (isomorphic: the editors show the
// cost before the user confirms, the core charges exactly this through the work charges). One
// list for every door — the editors, Create Video, variants, custom orders, the MCP tools and the
// assistant — and the only place the numbers are written.
// docs/product.md#credits, docs/decisions/150-price-list-and-work-charges.md, ADR 280.
// Work not listed here is free and charges nothing: dividing a script into scenes, reading a
// product page into the Create Video dialog (read_product_page, ADR 305), uploads.
import { SCENE_ASSET_STEPS, type SceneAssetStep } from "~/models/generation/scene-asset-steps";

/** A Create Video story (everything included). */
export const VIDEO_COST_CREDITS = 20;
/**
 * The brand's own photos and clips in a Create Video request: included in the video's price, no
 * extra credits (they save the compositor work; docs/decisions/315-own-photos-and-clips.md).
 */
export const OWN_MEDIA_COST_CREDITS = 0;
/** An assistant chat message. */
export const CHAT_COST_CREDITS = 0.07;
/** One action of the canvas agent tool. */
export const CANVAS_TOOL_COST_CREDITS = 0.2;
/** A custom order (made by our team from the user's files). */
export const CUSTOM_ORDER_COST_CREDITS = 20;

/** Videos a balance pays for: floor(credits / 20) (one ratio everywhere: docs/product.md#credits, ADR 003). */
export function availableVideos(credits: number): number {
  return Math.floor(credits / VIDEO_COST_CREDITS + 1e-9);
}

/**
 * Credits per scene generation step. Priced by what the step costs to make: the text steps are
 * planner work, the picture and the voice are media renders, the clip is the heaviest. A
 * typical 5-scene project made step by step and compiled costs what one Create Video costs:
 * 5 × 3.60 + 2 = 20 credits (ADR 150).
 */
export const SCENE_STEP_PRICES: Readonly<Record<SceneAssetStep, number>> = {
  "image prompt": 0.1,
  image: 1,
  script: 0.1,
  "voice-over": 0.4,
  video: 2,
};

/** A compile (render of every scene and the join), beside the steps it must run first. */
export const COMPILE_PRICE = 2;

export const PRICES = {
  /** A Create Video story (everything included). */
  video: VIDEO_COST_CREDITS,
  compile: COMPILE_PRICE,
  sceneStep: SCENE_STEP_PRICES,
  /** An assistant chat message. */
  chatMessage: CHAT_COST_CREDITS,
  /** One action of the canvas agent tool. */
  canvasToolAction: CANVAS_TOOL_COST_CREDITS,
  customOrder: CUSTOM_ORDER_COST_CREDITS,
} as const;

/** What a story variant changes from its original (ADR 215). */
export type VariantChanges = { aspectRatio: boolean; style: boolean; hook: boolean };

/**
 * What can be priced: one scene step, a compile, a chat message, a canvas agent tool action, a
 * Create Video story, a variant of a finished story, a custom order.
 */
export type PricedWork =
  | { work: "scene_step"; step: SceneAssetStep }
  | { work: "compile" }
  | { work: "chat_message" }
  | { work: "canvas_tool_action" }
  | { work: "video" }
  | { work: "story_variant"; changes: VariantChanges; sceneCount: number }
  | { work: "custom_order" };

export type WorkKind = PricedWork["work"];

export function priceOf(item: PricedWork): number {
  switch (item.work) {
    case "scene_step":
      return SCENE_STEP_PRICES[item.step];
    case "compile":
      return COMPILE_PRICE;
    case "chat_message":
      return CHAT_COST_CREDITS;
    case "canvas_tool_action":
      return CANVAS_TOOL_COST_CREDITS;
    case "video":
      return VIDEO_COST_CREDITS;
    case "story_variant":
      return variantPriceItems(item.changes, item.sceneCount).credits;
    case "custom_order":
      return CUSTOM_ORDER_COST_CREDITS;
  }
}

/**
 * A variant pays for the steps each scene makes again (ADR 215) and the compile: a new hook
 * rewrites the first scene's script and voice-over; a new ratio, Style or hook redraws the
 * picture and the clip.
 */
export function variantPriceItems(changes: VariantChanges, sceneCount: number): { credits: number; items: { item: string; credits: number }[] } {
  const items: { item: string; credits: number }[] = [];
  for (let i = 0; i < sceneCount; i++) {
    const steps: SceneAssetStep[] = [];
    const newHook = i === 0 && changes.hook;
    if (newHook) steps.push("script", "voice-over");
    if (changes.aspectRatio || changes.style || newHook) steps.push("image", "video");
    for (const step of steps) items.push({ item: `scene ${i + 1} ${step}`, credits: SCENE_STEP_PRICES[step] });
  }
  items.push({ item: "compile", credits: COMPILE_PRICE });
  return { credits: sumCredits(items.map((i) => i.credits)), items };
}

/** All five steps of one scene, in the fixed order. */
export const SCENE_ALL_STEPS_PRICE = sumCredits(SCENE_ASSET_STEPS.map((s) => SCENE_STEP_PRICES[s]));

/** Exact sum of credit amounts (2 decimal places, no floating-point drift). */
export function sumCredits(amounts: readonly number[]): number {
  return amounts.reduce((cents, a) => cents + Math.round(a * 100), 0) / 100;
}

/** "20", "0.07", "3.60" → "3.6": how a credit amount is written. */
export function formatCredits(amount: number): string {
  const rounded = Math.round(amount * 100) / 100;
  return Number.isInteger(rounded) ? String(rounded) : String(Number(rounded.toFixed(2)));
}

/** The message when the balance does not cover the work. */
export function insufficientCreditsMessage(needed: number, balance: number): string {
  return `Not enough credits: this costs ${formatCredits(needed)} credits and you have ${formatCredits(balance)}.`;
}
