// Writing a scene's description from its own words (the generate_scene_description tool,
// docs/decisions/160-mcp-tool-catalogue.md): the local planner's text algorithms, no language
// model and no charge (it is not one of the five priced generation steps). The description is
// saved through the scene core like an edit.
import type { Actor } from "~/models/access/actor.server";
import { SCENE_ASSET_MESSAGES } from "~/models/generation/scene-asset-steps";
import { editScene, findSceneOfProject, SceneInputError, type SceneRow } from "./scenes.server";
import { extractKeywords, splitSentences } from "~/providers/llm/planner/text";

const MAX_WORDS = 40;

/** A short description of what the scene shows and says (pure). Null when it has no text to work from. */
export function describeSceneText(scene: Pick<SceneRow, "script" | "voiceOverText" | "title" | "imagePrompt">): string | null {
  const source = [scene.script, scene.voiceOverText, scene.imagePrompt, scene.title].map((t) => t?.trim() ?? "").find(Boolean);
  if (!source) return null;
  const sentences = splitSentences(source).slice(0, 2).join(" ");
  const words = sentences.split(/\s+/).filter(Boolean);
  const lead = words.length > MAX_WORDS ? `${words.slice(0, MAX_WORDS).join(" ")}…` : words.join(" ");
  const keywords = extractKeywords(source, { limit: 4 }).map((k) => k.text);
  return keywords.length ? `${lead} Focus: ${keywords.join(", ")}.` : lead;
}

/** Writes and saves the scene's description. SceneInputError when the scene has no text; NotFoundError when it is not the actor's. */
export async function describeScene(actor: Actor, projectId: string, sceneId: string): Promise<SceneRow> {
  const scene = await findSceneOfProject(actor, projectId, sceneId);
  const description = describeSceneText(scene);
  if (!description) throw new SceneInputError("description", SCENE_ASSET_MESSAGES.noText);
  return editScene(actor, projectId, sceneId, { description });
}
