// The tools' names, with no imports: the catalogue's names in the order clients list them, and the
// canvas agent tool's name, actions and update types. The catalogue (app/tools/index.ts), the canvas
// agent tool (app/models/assistant, agents/canvas-tool.ts) and the local planner, which sits below
// them (app/providers/llm/planner), share these lists. A tool's definition takes its name from here;
// unit tests hold the catalogue and the canvas tool's input equal to these lists.
export const TOOL_NAMES = [
  "create_video_project",
  "get_video_project",
  "update_video_project",
  "list_video_projects",
  "delete_video_project",
  "add_scene",
  "update_scene",
  "delete_scene",
  "divide_script",
  "read_product_page",
  "upload_product_image",
  "upload_project_media",
  "generate_image_prompt",
  "generate_scene_description",
  "generate_scene_image",
  "generate_scene_script",
  "generate_scene_voiceover",
  "generate_scene_video",
  "estimate_cost",
  "compile_video",
  "get_compile_status",
  "list_voices",
  "list_styles",
] as const;

export type ToolName = (typeof TOOL_NAMES)[number];

/** The canvas agent tool (docs/product.md#assistant): one tool with an `action` argument. */
export const CANVAS_AGENT_TOOL = "canvas_agent";
export const CANVAS_TOOL_ACTIONS = ["updateDescription", "generateImagePrompt", "generateImage", "generateVideo", "createScene", "updateScene"] as const;
export type CanvasToolAction = (typeof CANVAS_TOOL_ACTIONS)[number];
/** What the canvas tool's updateScene action may change. */
export const CANVAS_UPDATE_TYPES = [
  "script",
  "imagePrompt",
  "description",
  "image",
  "productImage",
  "video",
  "voiceOver",
  "backgroundMusic",
  "voiceOverText",
] as const;
export type CanvasUpdateType = (typeof CANVAS_UPDATE_TYPES)[number];
