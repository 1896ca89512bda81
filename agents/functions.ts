// The project agent functions (docs/product.md#assistant): the nine named functions of
// POST /api/agents/execute, each a thin door over a core function that runs on the chat-model
// factory through the planner (app/models/generation/planner.server.ts). The assistant binds the same
// functions as tools. Rules, prices and authorization stay in app/models.
import { z } from "zod";
import { type Actor, isNotFound } from "~/models/access";
import { CompileInputError, generateVideoConfiguration, prepareScenesForCompilation } from "~/models/compile";
import { isMediaRefError } from "~/models/files";
import { analyzeProductImage, generateOptimizedPrompt } from "~/models/generation";
import { analyzeProjectRequirements, optimizeProjectCanvas, enhanceSceneDescription, suggestSceneImprovements, optimizeSceneSequence } from "~/models/projects";
import { AGENT_FUNCTIONS as PLANNER_AGENT_FUNCTIONS } from "~/providers/llm/index.server";
import type { AgentTool, AgentToolOutcome } from "./types";

/** The nine names, one list with the local planner's command routing (it routes to these). */
export const AGENT_FUNCTION_NAMES = PLANNER_AGENT_FUNCTIONS;
export type AgentFunctionName = (typeof AGENT_FUNCTION_NAMES)[number];

/** What the caller sends beside the parameters: the project, the scene and what the user typed. */
export const agentContextSchema = z
  .object({
    projectId: z.string().max(64).optional(),
    sceneId: z.string().max(64).optional(),
    userInput: z.string().max(4000).optional(),
  })
  .catchall(z.unknown());
export type AgentContext = z.infer<typeof agentContextSchema>;

const id = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(64);
const projectId = id("projectId");
const sceneId = id("sceneId");

type FunctionDef = {
  name: AgentFunctionName;
  description: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  schema: z.ZodObject<any>;
  run(actor: Actor, params: never, context: AgentContext): Promise<Record<string, unknown>>;
};

function define<S extends z.ZodObject<z.ZodRawShape>>(def: {
  name: AgentFunctionName;
  description: string;
  schema: S;
  run(actor: Actor, params: z.output<S>, context: AgentContext): Promise<Record<string, unknown>>;
}): FunctionDef {
  return def as unknown as FunctionDef;
}

/** Refusals the caller can act on; anything else is a bug and is rethrown. */
function reasonOf(error: unknown): string | null {
  if (isNotFound(error)) return error.message;
  if (error instanceof CompileInputError || isMediaRefError(error)) return error.message;
  if (error instanceof Error && "status" in error && (error as { status?: unknown }).status === 400) return error.message;
  return null;
}

export const AGENT_FUNCTIONS: readonly FunctionDef[] = [
  define({
    name: "analyze_project_requirements",
    description:
      "Analyses the project from its own data: what it has, what each scene is missing (image prompt, image, script, voice-over, video), the estimated length and what to do next. Reads only; free.",
    schema: z.object({ projectId, sceneId: sceneId.optional(), context: z.unknown().optional() }),
    run: async (actor, p, context) => {
      const userInput = typeof p.context === "string" ? p.context : (context.userInput ?? null);
      const result = await analyzeProjectRequirements(actor, p.projectId, { sceneId: p.sceneId ?? context.sceneId ?? null, userInput });
      return { ...result };
    },
  }),
  define({
    name: "optimize_scene_sequence",
    description: "Proposes a better play order for the project's scenes (hook first, call to action last) with the reasons; changes nothing. Reads only; free.",
    schema: z.object({ projectId }),
    run: async (actor, p) => ({ ...(await optimizeSceneSequence(actor, p.projectId)) }),
  }),
  define({
    name: "enhance_scene_descriptions",
    description:
      "Proposes a clearer description for the scene from its own script and the project's style, beside the current one (previous); nothing is saved — show it to the user, and save it with update_scene only if they accept. Free.",
    schema: z.object({ projectId, sceneId }),
    run: async (actor, p) => ({ ...(await enhanceSceneDescription(actor, p.projectId, p.sceneId)) }),
  }),
  define({
    name: "suggest_scene_improvements",
    description: "Concrete suggestions to improve one scene (script length, call to action, image prompt, missing assets). Reads only; free.",
    schema: z.object({ projectId, sceneId }),
    run: async (actor, p) => ({ ...(await suggestSceneImprovements(actor, p.projectId, p.sceneId)) }),
  }),
  define({
    name: "analyze_product_image",
    description:
      "Measures a stored product image of the project's owner (colours, brightness, background, subject) for a scene. imageUrl is the image's file URL or bucket/key. Reads only; free.",
    schema: z.object({ projectId, sceneId, imageUrl: z.string({ error: "imageUrl is required" }).trim().min(1, "imageUrl is required").max(2048) }),
    run: async (actor, p) => ({ ...(await analyzeProductImage(actor, p.projectId, p.sceneId, p.imageUrl)) }),
  }),
  define({
    name: "generate_optimized_prompt",
    description: "Writes an image prompt for the scene from the user's words and an analysis from analyze_product_image; nothing is saved. Free.",
    schema: z.object({ projectId, sceneId, userPrompt: z.string().max(20_000).default(""), imageAnalysis: z.unknown().optional() }),
    run: async (actor, p) => ({ ...(await generateOptimizedPrompt(actor, p.projectId, p.sceneId, p.userPrompt, p.imageAnalysis ?? null)) }),
  }),
  define({
    name: "prepare_scenes_for_compilation",
    description:
      "Starts the missing or stale assets (image prompt, image, script, voice-over, video) of every scene that is not ready to compile; each step is charged at its price, refunded if it fails. Ready scenes cost nothing, and a scene whose paid steps are still being made is reported in_progress and charged nothing again.",
    schema: z.object({ projectId }),
    run: (actor, p) => prepareScenesForCompilation(actor, p.projectId),
  }),
  define({
    name: "generate_video_config",
    description:
      "The render configuration a compile of the project would use in this format: aspect ratio, captions, music and each scene's visual, voice-over and caption. Reads only.",
    schema: z.object({ projectId, outputFormat: z.enum(["mp4", "webm"], { error: "outputFormat must be mp4 or webm" }).default("mp4") }),
    run: async (actor, p) => ({ configuration: await generateVideoConfiguration(actor, p.projectId, p.outputFormat) }),
  }),
  define({
    name: "optimize_canvas_layout",
    description:
      "Lays out the project's canvas diagram: the project on top, scenes evenly spaced in play order, each scene's assets under it. Computed from the project itself; reads only.",
    schema: z.object({ projectId, currentLayout: z.unknown().optional() }),
    run: async (actor, p) => {
      const canvas = await optimizeProjectCanvas(actor, p.projectId);
      return { optimizedLayout: { nodes: canvas.nodes, edges: canvas.edges } };
    },
  }),
];

export function findAgentFunction(name: string): FunctionDef | undefined {
  return AGENT_FUNCTIONS.find((f) => f.name === name);
}

export function isKnownFunctionName(name: string): boolean {
  return (AGENT_FUNCTION_NAMES as readonly string[]).includes(name);
}

/** The first problem of a parse, as a sentence. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid parameters";
  if (/^[a-z]+[A-Za-z]* (is|must)/.test(issue.message)) return issue.message;
  return issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message;
}

/** Runs one agent function for the actor; refusals come back as { ok: false, message }. */
export async function runAgentFunction(actor: Actor, def: FunctionDef, params: unknown, context: AgentContext = {}): Promise<AgentToolOutcome> {
  const parsed = def.schema.safeParse(params ?? {});
  if (!parsed.success) return { ok: false, message: firstIssue(parsed.error) };
  try {
    return { ok: true, data: await def.run(actor, parsed.data as never, context) };
  } catch (error) {
    const reason = reasonOf(error);
    if (reason === null) throw error;
    return { ok: false, message: reason };
  }
}

/** The agent functions as the assistant's tools, bound to the actor. */
export function agentFunctionTools(actor: Actor, context: AgentContext = {}): AgentTool[] {
  return AGENT_FUNCTIONS.map((def) => ({
    name: def.name,
    description: def.description,
    schema: def.schema,
    run: (input) => runAgentFunction(actor, def, input, context),
  }));
}
