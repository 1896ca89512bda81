// Rules and texts of the project editors that the screens show too (isomorphic): field
// limits and the messages of the core's refusals and results (docs/product.md#canvas-editor,
// docs/decisions/152-editor-operations.md).

export const EDITOR_LIMITS = {
  /** Project and scene titles (characters). */
  title: 200,
  /** Descriptions, scripts, voice-over texts, prompts (characters). */
  text: 20_000,
  /** Project assets added at once. */
  assetsAtOnce: 20,
} as const;

export const EDITOR_MESSAGES = {
  scriptRequired: "Please write a script first",
  scriptDivided: "Script divided into scenes",
  imagePromptsGenerated: (x: number, y: number) => `Generated image prompts for ${x} out of ${y} scenes`,
  titleRequired: "Project title is required",
  sceneNameRequired: "Scene name is required",
  invalidText: (field: string) => `${field} must be text`,
  tooLong: (field: string, max: number) => `${field} can be at most ${max} characters`,
  nothingToGenerate: "Nothing to generate: the scene's assets are up to date.",
  tooManyAssets: (max: number) => `At most ${max} files can be added at once.`,
  tooManyProjectMedia: (name: string, kind: "photo" | "clip", max: number) =>
    `"${name}" was not added: a project can have at most ${max} ${kind === "photo" ? "photos" : "clips"}. Remove one first.`,
  idempotencyReused: "This request id was already used for another request.",
  scenesChanged: "The project's scenes changed since this order was proposed. Optimize the scenes again.",
} as const;
