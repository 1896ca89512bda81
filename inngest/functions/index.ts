// Every Inngest function the app serves at /api/inngest. Add a workflow by creating it with
// `inngest.createFunction(...)` in its own module under inngest/functions/ and listing it here.
import type { InngestFunction } from "inngest";
import { compileFunction } from "./compile.ts";
import { renderFunction } from "./render.ts";
import { sceneAssetsFunction } from "./scene-assets.ts";
import { showcaseSeedFunction } from "./showcase-seed.ts";
import { storyVariantFunction } from "./story-variant.ts";
import { videoRequestFunction } from "./video-request.ts";

export const functions: InngestFunction.Any[] = [
  sceneAssetsFunction,
  compileFunction,
  renderFunction,
  videoRequestFunction,
  storyVariantFunction,
  showcaseSeedFunction,
];
