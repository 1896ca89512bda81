// The tool catalogue's names, in the order clients list them: one list, with no imports, so the
// catalogue (app/tools/index.ts) and the local planner, which sits below it
// (app/providers/llm/planner), share it. A tool's definition takes its name from here; a unit test
// holds the catalogue and this list equal.
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
