// Which tool carries out an intent: the catalogue's tool first, then the canvas agent tool's action,
// then the agent functions; the first one bound to the conversation is used. Tool names and canvas
// actions come from app/tools/names.ts, so a renamed or removed one fails to compile here.
import { CANVAS_AGENT_TOOL, type CanvasToolAction, type ToolName } from "~/tools/names";
import type { AGENT_FUNCTIONS, Intent } from "./route-types";

export interface Candidate {
  tool: string;
  args: Record<string, unknown>;
}

const catalogue = (tool: ToolName, args: Record<string, unknown>): Candidate => ({ tool, args });
const agentFunction = (tool: (typeof AGENT_FUNCTIONS)[number], args: Record<string, unknown>): Candidate => ({ tool, args });

/** Implementations of an intent in order of preference; the first available one is used. */
export function candidatesFor(intent: Intent, args: Record<string, unknown>): Candidate[] {
  const canvas = (action: CanvasToolAction, extra: Record<string, unknown> = {}): Candidate[] => [
    { tool: CANVAS_AGENT_TOOL, args: { action, ...args, ...extra } },
    { tool: action, args: { ...args, ...extra } },
  ];
  switch (intent) {
    case "create_project":
      return [catalogue("create_video_project", args)];
    case "list_projects":
      return [catalogue("list_video_projects", args)];
    case "get_project":
      return [catalogue("get_video_project", args)];
    case "update_project":
      return [catalogue("update_video_project", args)];
    case "add_scene":
      return [catalogue("add_scene", args), ...canvas("createScene", { content: args.description })];
    case "divide_script":
      return [catalogue("divide_script", args)];
    case "read_product_page":
      return [catalogue("read_product_page", args)];
    case "generate_image_prompt":
      return [catalogue("generate_image_prompt", args), ...canvas("generateImagePrompt")];
    case "generate_scene_image":
      return [catalogue("generate_scene_image", args), ...canvas("generateImage")];
    case "generate_scene_description":
      return [catalogue("generate_scene_description", args), ...canvas("updateDescription")];
    case "generate_scene_script":
      return [catalogue("generate_scene_script", args)];
    case "generate_scene_video":
      return [catalogue("generate_scene_video", args), ...canvas("generateVideo")];
    case "generate_scene_voiceover":
      return [catalogue("generate_scene_voiceover", args)];
    case "update_scene":
      return [catalogue("update_scene", sceneFieldArgs(args)), ...canvas("updateScene")];
    case "delete_scene":
      return [catalogue("delete_scene", args)];
    case "compile_video":
      return [catalogue("compile_video", args)];
    case "analyze_project":
      return [agentFunction("analyze_project_requirements", args)];
    case "suggest_improvements":
      return [agentFunction("suggest_scene_improvements", args)];
    case "enhance_descriptions":
      return [agentFunction("enhance_scene_descriptions", args)];
    case "optimize_sequence":
      return [agentFunction("optimize_scene_sequence", args)];
    case "optimize_layout":
      return [agentFunction("optimize_canvas_layout", args)];
    case "prepare_compilation":
      return [agentFunction("prepare_scenes_for_compilation", args)];
    case "generate_assets":
      return [];
  }
}

/** The update_scene tool takes the field itself ({name | description | script | voiceOverText | imagePrompt}). */
function sceneFieldArgs(args: Record<string, unknown>): Record<string, unknown> {
  const { updateType, content, ...rest } = args;
  if (typeof updateType !== "string") return args;
  return { ...rest, [updateType === "title" ? "name" : updateType]: content };
}

export const NEEDS_PROJECT: Partial<Record<Intent, true>> = {
  get_project: true,
  update_project: true,
  add_scene: true,
  divide_script: true,
  generate_assets: true,
  generate_image_prompt: true,
  generate_scene_image: true,
  generate_scene_description: true,
  generate_scene_script: true,
  generate_scene_video: true,
  generate_scene_voiceover: true,
  update_scene: true,
  delete_scene: true,
  compile_video: true,
  analyze_project: true,
  suggest_improvements: true,
  enhance_descriptions: true,
  optimize_sequence: true,
  optimize_layout: true,
  prepare_compilation: true,
};
