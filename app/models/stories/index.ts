// stories/: Create Video: a one-shot ad (a story) from a script or an idea, its pipeline reads and writes,
// another size or variant of a finished story, the Dashboard's video jobs, and the public showcase.
// Its public API: doors (routes, tools, agents, MCP, workflows, server, scripts) import only this
// index or the folder's browser-safe modules (files without .server); the rest is internal.
export { SHOWCASE_DEMOS, renderShowcaseDemo, showcaseBeingMade } from "./showcase-seed.server";
export { listShowcaseVideos, listShowcaseVideosSafely, type ShowcaseItem } from "./showcase.server";
export { getPipelineStory, markStoryProcessing, markStoryReady, projectIdOfStory, setStoryVisibility, storyCaptionPick } from "./stories.server";
export { listStoryTypes } from "./story-types.server";
export {
  PRODUCT_PAGE_LIMITS,
  PRODUCT_PAGE_MESSAGES,
  readProductPage,
  type ProductPageErrorCode,
  type ProductPagePhoto,
  type ReadProductPageResult,
} from "./product-pages.server";
export {
  prepareVariantProject,
  quoteStoryVariants,
  requestStoryVariants,
  storyVariantOptions,
  variantMetadata,
  type RequestVariantsResult,
  type VariantQuote,
  type VariantSpec,
} from "./story-variants.server";
export { setVideoJobVisibility } from "./video-jobs.server";
export { VIDEO_NOTIFICATIONS, notifyStoryOnce, sceneVoiceOver } from "./video-pipeline.server";
export { createVideoRequest, refundVideoRequest, settleVideoRequest } from "./video-requests.server";
export { divisionForMedia, MEDIA_LIMITS, ownMediaKind, sceneMedia } from "./video-media";
export { endCardOnItsOwn, END_CARD_SCENE_MAX_SECONDS } from "./end-card-scene";
export { showcaseCount } from "./showcase.server";
export { recoverQueuedStories } from "./video-pipeline.server";
export { getStoryRun, projectStoryboard, recordStoryStep, saveStoryboard, type StoryPageData } from "./storyboard.server";
export { buildStoryboard, type Storyboard, type StoryboardView } from "./storyboard";
export { type RunProgress } from "./eta";
