// The price list: what each piece of work costs in credits (isomorphic: the editors show the
// cost before the user confirms, the core charges exactly this through the ledger). One list
// for every door — the editors, Create Video, the MCP tools and the assistant.
// docs/product.md#credits, docs/decisions/150-price-list-and-work-charges.md.
import { SCENE_ASSET_STEPS, type SceneAssetStep } from "~/models/scene-asset-steps";
import { CANVAS_TOOL_COST_CREDITS, CHAT_COST_CREDITS, CUSTOM_ORDER_COST_CREDITS, VIDEO_COST_CREDITS } from "~/utils/constants";

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

/** What can be priced: one scene step, a compile, a chat message, a canvas agent tool action. */
export type PricedWork =
  | { work: "scene_step"; step: SceneAssetStep }
  | { work: "compile" }
  | { work: "chat_message" }
  | { work: "canvas_tool_action" };

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
  }
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
