// The tool catalogue (docs/decisions/160-mcp-tool-catalogue.md): every video-project tool,
// defined once, in the order clients list them. The MCP server (mcp-server/) registers these;
// the assistant and the agents wrap the same definitions.
import { addScene } from "~/tools/add-scene";
import { compileVideo } from "~/tools/compile-video";
import { createVideoProject } from "~/tools/create-video-project";
import { deleteScene } from "~/tools/delete-scene";
import { deleteVideoProject } from "~/tools/delete-video-project";
import { divideScript } from "~/tools/divide-script";
import { estimateCost } from "~/tools/estimate-cost";
import { generateImagePrompt } from "~/tools/generate-image-prompt";
import { generateSceneDescription } from "~/tools/generate-scene-description";
import { generateSceneImage } from "~/tools/generate-scene-image";
import { generateSceneScript } from "~/tools/generate-scene-script";
import { generateSceneVideo } from "~/tools/generate-scene-video";
import { generateSceneVoiceover } from "~/tools/generate-scene-voiceover";
import { getCompileStatus } from "~/tools/get-compile-status";
import { getVideoProject } from "~/tools/get-video-project";
import { listStyles } from "~/tools/list-styles";
import { listVideoProjects } from "~/tools/list-video-projects";
import { listVoices } from "~/tools/list-voices";
import { readProductPageTool } from "~/tools/read-product-page";
import { updateScene } from "~/tools/update-scene";
import { updateVideoProject } from "~/tools/update-video-project";
import { uploadProductImage } from "~/tools/upload-product-image";
import { uploadProjectMedia } from "~/tools/upload-project-media";
import type { ToolDefinition } from "~/tools/types";

export const TOOLS: readonly ToolDefinition[] = [
  createVideoProject,
  getVideoProject,
  updateVideoProject,
  listVideoProjects,
  deleteVideoProject,
  addScene,
  updateScene,
  deleteScene,
  divideScript,
  readProductPageTool,
  uploadProductImage,
  uploadProjectMedia,
  generateImagePrompt,
  generateSceneDescription,
  generateSceneImage,
  generateSceneScript,
  generateSceneVoiceover,
  generateSceneVideo,
  estimateCost,
  compileVideo,
  getCompileStatus,
  listVoices,
  listStyles,
] as unknown as readonly ToolDefinition[];

export function findTool(name: string): ToolDefinition | undefined {
  return TOOLS.find((t) => t.name === name);
}

export { runTool, type ToolOutcome } from "~/tools/run.server";
export type { ToolContext, ToolDefinition, ToolLink } from "~/tools/types";
