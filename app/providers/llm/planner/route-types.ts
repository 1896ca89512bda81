// The command router's vocabulary: the intents it recognises, the project context it reads and
// the answer it gives. Tool names are the catalogue's (app/tools/names.ts); beside them the
// agent functions and the canvas agent tool's actions (docs/product.md#tools-and-agents, ADR 063).
import { CANVAS_UPDATE_TYPES } from "~/tools/names";

/** The agent functions. */
export const AGENT_FUNCTIONS = [
  "analyze_project_requirements",
  "optimize_scene_sequence",
  "enhance_scene_descriptions",
  "suggest_scene_improvements",
  "analyze_product_image",
  "generate_optimized_prompt",
  "prepare_scenes_for_compilation",
  "generate_video_config",
  "optimize_canvas_layout",
] as const;

/**
 * The scene fields a command may set: the canvas agent tool's update types (app/tools/names.ts)
 * and the title, which only the catalogue's update_scene carries (as `name`).
 */
export const SCENE_UPDATE_TYPES = [...CANVAS_UPDATE_TYPES, "title"] as const;

export type Intent =
  | "create_project"
  | "list_projects"
  | "get_project"
  | "update_project"
  | "add_scene"
  | "divide_script"
  | "read_product_page"
  | "generate_assets"
  | "generate_image_prompt"
  | "generate_scene_image"
  | "generate_scene_description"
  | "generate_scene_script"
  | "generate_scene_video"
  | "generate_scene_voiceover"
  | "update_scene"
  | "delete_scene"
  | "compile_video"
  | "analyze_project"
  | "suggest_improvements"
  | "enhance_descriptions"
  | "optimize_sequence"
  | "optimize_layout"
  | "prepare_compilation";

export interface RouteScene {
  id: string;
  sceneOrder?: number | null;
  title?: string | null;
  imagePrompt?: string | null;
  imageUrl?: string | null;
  script?: string | null;
  voiceOverText?: string | null;
  voiceOverUrl?: string | null;
  videoUrl?: string | null;
}

export interface RouteContext {
  projectId?: string | null;
  scenes?: RouteScene[];
  /** The scene open in the editor ("this scene"). */
  selectedSceneId?: string | null;
  /** Restrict the answer to these tool names (the tools bound to the chat model). */
  availableTools?: string[];
}

export type RouteResult =
  | {
      kind: "tool";
      intent: Intent;
      tool: string;
      args: Record<string, unknown>;
      reply: string;
      /** Several calls to run in order, stopping at the first failure (a scene's assets); the first is `tool`. */
      calls?: Array<{ tool: string; args: Record<string, unknown> }>;
    }
  | { kind: "clarify"; intent: Intent; reply: string; missing: string[] }
  | { kind: "help" | "unknown"; reply: string; examples: string[] };
