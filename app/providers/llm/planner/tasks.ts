// The planner's tasks as one registry: name, input and output schemas (zod), instructions for a
// language model, and the local implementation. The same task can then be run by any chat model
// (structured output through a tool call) or directly by the local planner.
import { z } from "zod";
import { adCopy } from "./ad-structure";
import { analyzeProject } from "./analyze-project";
import { optimizeCanvasLayout } from "./canvas-layout";
import { divideScript } from "./divide-script";
import { enhanceDescription } from "./enhance-description";
import { optimizedImagePrompt } from "./optimized-prompt";
import { optimizeSceneSequence, SCENE_ROLES } from "./scene-sequence";
import { writeImagePrompt } from "./image-prompt";
import { routeCommand } from "./route-command";
import { seoMetadata } from "./seo";
import { suggestImprovements } from "./suggest-improvements";
import { writeVoiceOver } from "./voice-over";

const sceneInput = z.object({
  id: z.string(),
  sceneOrder: z.number().nullish(),
  title: z.string().nullish(),
  description: z.string().nullish(),
  script: z.string().nullish(),
  voiceOverText: z.string().nullish(),
  imagePrompt: z.string().nullish(),
  imageUrl: z.string().nullish(),
  videoUrl: z.string().nullish(),
  voiceOverUrl: z.string().nullish(),
  voiceOverDuration: z.number().nullish(),
  backgroundMusicUrl: z.string().nullish(),
  duration: z.number().nullish(),
  status: z.string().nullish(),
});

const projectInput = z.object({
  id: z.string().optional(),
  title: z.string().nullish(),
  description: z.string().nullish(),
  fullScript: z.string().nullish(),
  mainProductImageUrl: z.string().nullish(),
  style: z.string().nullish(),
  aspectRatio: z.string().nullish(),
  backgroundMusicUrl: z.string().nullish(),
  scenes: z.array(sceneInput),
});

/** Limits of one diagram the layout task takes (a project with hundreds of scenes still fits). */
const MAX_LAYOUT_NODES = 5000;
const coordinate = z.number().finite().min(-1e6).max(1e6);
const size = z.number().finite().positive().max(10_000);

const canvasLayout = z
  .object({
    nodes: z
      .array(
        z.object({
          id: z.string().min(1).max(200),
          type: z.string().max(40),
          x: coordinate,
          y: coordinate,
          width: size,
          height: size,
          order: z.number().finite().nullish(),
        }),
      )
      .max(MAX_LAYOUT_NODES),
    edges: z
      .array(z.object({ id: z.string().max(400).optional(), source: z.string().max(200), target: z.string().max(200), label: z.string().max(200).nullish() }))
      .max(MAX_LAYOUT_NODES * 2),
  })
  .refine((layout) => new Set(layout.nodes.map((n) => n.id)).size === layout.nodes.length, { message: "Node ids must be unique" });

export const plannerSchemas = {
  divide_script: {
    input: z.object({
      script: z.string().min(1),
      targetSceneSeconds: z.number().positive().optional(),
      minSceneSeconds: z.number().positive().optional(),
      maxSceneSeconds: z.number().positive().optional(),
      wordsPerSecond: z.number().positive().optional(),
    }),
    output: z.object({
      scenes: z.array(
        z.object({
          order: z.number().int(),
          title: z.string(),
          script: z.string(),
          voiceOverText: z.string(),
          description: z.string(),
          wordCount: z.number().int(),
          estimatedSeconds: z.number(),
        }),
      ),
      totalWords: z.number().int(),
      estimatedSeconds: z.number(),
      wordsPerSecond: z.number(),
    }),
  },
  image_prompt: {
    input: z.object({
      sceneText: z.string(),
      description: z.string().nullish(),
      style: z.string().nullish(),
      product: z.string().nullish(),
      aspectRatio: z.string().nullish(),
    }),
    output: z.object({ prompt: z.string() }),
  },
  voice_over: {
    input: z.object({ text: z.string(), maxSeconds: z.number().positive().optional(), wordsPerSecond: z.number().positive().optional() }),
    output: z.object({ text: z.string(), wordCount: z.number().int(), estimatedSeconds: z.number(), trimmed: z.boolean() }),
  },
  seo_metadata: {
    input: z.object({
      script: z.string(),
      product: z.string().nullish(),
      maxTitleLength: z.number().int().positive().optional(),
      maxHashtags: z.number().int().positive().max(30).optional(),
    }),
    output: z.object({ title: z.string(), description: z.string(), keywords: z.array(z.string()), hashtags: z.array(z.string()) }),
  },
  ad_copy: {
    input: z.object({
      /** Each scene's spoken text, in order (what its captions say). */
      scenes: z.array(z.string()).min(1).max(60),
      style: z.string().nullish(),
      product: z.string().nullish(),
    }),
    output: z.object({
      product: z.string().max(40),
      hook: z.string().max(120),
      /** One per scene: the call-out a body scene may show ("" for none; the first and last scenes' are unused). */
      callouts: z.array(z.string().max(120)),
      endCard: z.string().max(120),
    }),
  },
  analyze_project: {
    input: z.object({ project: projectInput }),
    output: z.object({
      sceneCount: z.number().int(),
      readyScenes: z.number().int(),
      readyToCompile: z.boolean(),
      counts: z.record(z.string(), z.number()),
      projectMissing: z.array(z.string()),
      scenes: z.array(
        z.object({
          sceneId: z.string(),
          order: z.number().int(),
          title: z.string(),
          ready: z.boolean(),
          missing: z.array(z.string()),
          estimatedSeconds: z.number(),
          durationSource: z.string(),
        }),
      ),
      scriptWordCount: z.number().int(),
      estimatedDurationSeconds: z.number(),
      nextSteps: z.array(z.string()),
      summary: z.string(),
    }),
  },
  suggest_improvements: {
    input: z.object({ scene: sceneInput, project: projectInput.nullish(), product: z.string().nullish(), style: z.string().nullish() }),
    output: z.object({
      sceneId: z.string(),
      suggestions: z.array(
        z.object({
          field: z.string(),
          severity: z.enum(["high", "medium", "low"]),
          message: z.string(),
          proposed: z.string().optional(),
        }),
      ),
    }),
  },
  optimize_canvas_layout: {
    input: z.object({
      projectId: z.string().nullish(),
      currentLayout: canvasLayout,
      options: z
        .object({
          gapX: z.number().min(10).max(1000).optional(),
          gapY: z.number().min(10).max(1000).optional(),
          margin: z.number().min(0).max(1000).optional(),
        })
        .optional(),
    }),
    output: z.object({
      optimizedLayout: z.object({
        nodes: z.array(z.object({ id: z.string(), x: z.number(), y: z.number(), width: z.number(), height: z.number() })),
        width: z.number(),
        height: z.number(),
      }),
    }),
  },
  optimize_scene_sequence: {
    input: z.object({ scenes: z.array(sceneInput).max(500), product: z.string().nullish() }),
    output: z.object({
      scenes: z.array(
        z.object({
          sceneId: z.string(),
          title: z.string(),
          role: z.enum([...SCENE_ROLES, "other"]),
          from: z.number().int(),
          to: z.number().int(),
          reason: z.string(),
        }),
      ),
      changed: z.boolean(),
      summary: z.string(),
    }),
  },
  enhance_scene_description: {
    input: z.object({ scene: sceneInput, product: z.string().nullish(), style: z.string().nullish() }),
    output: z.object({ description: z.string(), basedOn: z.array(z.string()) }),
  },
  optimized_image_prompt: {
    input: z.object({
      userPrompt: z.string().max(20_000),
      sceneText: z.string().nullish(),
      product: z.string().nullish(),
      style: z.string().nullish(),
      aspectRatio: z.string().nullish(),
      imageAnalysis: z
        .object({
          lighting: z.enum(["dark", "balanced", "bright"]).nullish(),
          dominantColours: z
            .array(z.object({ name: z.string().max(40), share: z.number().min(0).max(1) }))
            .max(20)
            .nullish(),
          background: z.object({ plain: z.boolean(), name: z.string().max(40) }).nullish(),
          subject: z.object({ position: z.string().max(40), coverage: z.number().min(0).max(1) }).nullish(),
        })
        .nullish(),
    }),
    output: z.object({ optimizedPrompt: z.string(), fromImage: z.array(z.string()) }),
  },
  route_command: {
    input: z.object({
      command: z.string(),
      context: z
        .object({
          projectId: z.string().nullish(),
          selectedSceneId: z.string().nullish(),
          scenes: z
            .array(
              sceneInput.pick({
                id: true,
                sceneOrder: true,
                title: true,
                imagePrompt: true,
                imageUrl: true,
                script: true,
                voiceOverText: true,
                videoUrl: true,
              }),
            )
            .optional(),
          availableTools: z.array(z.string()).optional(),
        })
        .optional(),
    }),
    output: z.object({
      kind: z.enum(["tool", "clarify", "help", "unknown"]),
      intent: z.string().optional(),
      tool: z.string().optional(),
      args: z.record(z.string(), z.unknown()).optional(),
      reply: z.string(),
      missing: z.array(z.string()).optional(),
      examples: z.array(z.string()).optional(),
    }),
  },
} as const;

export type PlannerTask = keyof typeof plannerSchemas;
export const PLANNER_TASKS = Object.keys(plannerSchemas) as PlannerTask[];
export type PlannerTaskInput<T extends PlannerTask> = z.input<(typeof plannerSchemas)[T]["input"]>;
export type PlannerTaskOutput<T extends PlannerTask> = z.output<(typeof plannerSchemas)[T]["output"]>;

export function isPlannerTask(name: unknown): name is PlannerTask {
  return typeof name === "string" && Object.prototype.hasOwnProperty.call(plannerSchemas, name);
}

/** What a language model is told for each task (the local planner follows the same rules in code). */
export const TASK_INSTRUCTIONS: Record<PlannerTask, string> = {
  divide_script:
    "Split the script into scenes for a short video ad. Each scene's title is a run of 1-6 of its own words cut at a phrase boundary, in sentence case, at most 40 characters (never words gathered from different clauses). Speech runs at about 2.5 words per second; each scene should take 4-8 seconds to say (target 6). Break at paragraph and sentence boundaries and never split a sentence unless it alone is longer than the maximum. Keep the original wording in `script`; `voiceOverText` is the same text cleaned for speech (no directions, markup or symbols). Give each scene a short title and a one-line description.",
  image_prompt:
    "Write one image-generation prompt for the scene: name the product, the setting, people and objects the scene mentions, the light, colours and mood, the requested style and a framing for the aspect ratio. No text in the image.",
  voice_over:
    "Rewrite the text as clean spoken voice-over: remove stage directions, speaker labels, markup, emojis and URLs-as-written; spell out symbols. If maxSeconds is given, keep it within maxSeconds at the given words per second, dropping whole sentences first.",
  seo_metadata:
    "Write an SEO title a person would post (at most maxTitleLength characters, default 60), in title case: the product's name (given, or as the script names it) plus its main benefit in the script's own words, e.g. \"CrispJar Salad Jar: Keeps Dressing Separate\", never a list of words gathered from different sentences. A description under 155 characters. 3 to 6 Instagram hashtags (each starting with #, no spaces, one word in lower case or several joined with a capital each): the product, its category and the script's key nouns; no stop words, number words, moods, verbs, emoji, duplicates or one-letter tags.",
  ad_copy:
    'Write the words drawn on a short video ad, in sentence case, without emoji. hook: the opening question or claim, a run of the first sentence\'s own words (at most 10 words, 48 characters), or "Meet <product>". callouts: one per scene, a run of that scene\'s own words that states a benefit (2-6 words, at most 36 characters; never a pronoun and a verb like "It is light", never ending on a word like "the" or "and"), "" for none. endCard: the call to action around the product name, e.g. "Order <product> now" or "Shop <product> now – ₹499" (at most 32 characters), never words the last scene already says. product: the product\'s name as the script writes it.',
  analyze_project:
    "Analyze the project: count scenes and their assets, list what each scene is missing (script, voice-over text, image prompt, image, voice-over, video), estimate the total duration, and list the next steps.",
  suggest_improvements:
    "Review the scene and suggest concrete improvements (voice-over length within 4-8 seconds, clean spoken text, an image prompt that names the product and style, a call to action in the last scene), each with a proposed replacement where possible.",
  optimize_canvas_layout:
    "Lay out the project diagram without overlapping nodes: projects in the top row, scenes in the row below in their play order (order, else left to right) at an even spacing, each scene's assets (the targets of its edges) side by side under their scene, anything else in a last row. Keep every node's id, width and height; return every node once with its new x and y (top-left corner).",
  optimize_scene_sequence:
    "Propose the best play order of the ad's scenes: give each scene its role (hook, problem, product, benefit, proof, call to action) and order them in that arc, keeping the current order within a role; say why each moved scene moves. Return every scene once with its 1-based place now (from) and in the proposal (to).",
  enhance_scene_description:
    "Rewrite the scene's description as one or two clean, vivid sentences (at most 300 characters) that say what is shown: the product, the setting, people, mood and light, using only what the scene already says (never the project's title). Whole sentences, no keyword lists, no repeated words. List the scene sentences you used in basedOn.",
  optimized_image_prompt:
    "Write one image-generation prompt for a scene from the user's words, the product, style and aspect ratio, then add what the product photo's measured analysis requires: a palette matched to its dominant colours (not its plain background), lighting that suits its brightness, and the product cut out from a plain background. List the additions from the analysis in fromImage.",
  route_command: "Map the user's command to one tool call of the project tools with its arguments, or ask for what is missing.",
};

/** Runs a task with the local planner's algorithms (input validated, output shaped by the schema). */
export function runLocalTask<T extends PlannerTask>(task: T, rawInput: unknown): PlannerTaskOutput<T> {
  const input = plannerSchemas[task].input.parse(rawInput) as never;
  const run = LOCAL_IMPLEMENTATIONS[task] as (input: never) => unknown;
  return plannerSchemas[task].output.parse(run(input)) as PlannerTaskOutput<T>;
}

const LOCAL_IMPLEMENTATIONS: { [T in PlannerTask]: (input: z.output<(typeof plannerSchemas)[T]["input"]>) => unknown } = {
  divide_script: ({ script, ...options }) => divideScript(script, options),
  image_prompt: (input) => ({ prompt: writeImagePrompt(input) }),
  voice_over: ({ text, ...options }) => writeVoiceOver(text, options),
  seo_metadata: ({ script, ...options }) => seoMetadata(script, options),
  ad_copy: (input) => adCopy(input),
  analyze_project: ({ project }) => analyzeProject(project),
  suggest_improvements: ({ scene, project, ...options }) => suggestImprovements(scene, { ...options, project }),
  optimize_canvas_layout: ({ currentLayout, options }) => ({ optimizedLayout: optimizeCanvasLayout(currentLayout, options) }),
  optimize_scene_sequence: ({ scenes, product }) => optimizeSceneSequence(scenes, { product }),
  enhance_scene_description: ({ scene, product, style }) => enhanceDescription(scene, { product, style }),
  optimized_image_prompt: (input) => optimizedImagePrompt(input),
  route_command: ({ command, context }) => routeCommand(command, context ?? {}),
};
