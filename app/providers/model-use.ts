// Which production steps an AI model serves right now (docs/product.md#providers, ADR 135).
// Isomorphic: loaders compute it on the server (model-use.server.ts) and pages turn it into copy.

/** The steps of making a video whose provider may be an AI model. */
export const PRODUCTION_STEPS = ["planning", "voice", "image", "motion", "music"] as const;
export type ProductionStep = (typeof PRODUCTION_STEPS)[number];

/** true where an AI model (hosted, or a local language model) does the step. */
export type ModelUse = Record<ProductionStep, boolean>;

/** The offline defaults: no step uses a model. */
export const NO_MODELS: ModelUse = { planning: false, voice: false, image: false, motion: false, music: false };

export function modelSteps(use: ModelUse): ProductionStep[] {
  return PRODUCTION_STEPS.filter((step) => use[step]);
}
