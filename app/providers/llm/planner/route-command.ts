// Command routing: map a clear natural-language command to one tool call with its arguments,
// by intent rules. Tool names are those of docs/product.md#tools-and-agents (ADR 063): the tool
// server, the agent functions, the server functions divide-script / generate-voiceover and the
// canvas agent tool's actions.
import { capitalizeFirst, ensureTerminalPunctuation, titleCase, titleFromText } from "./text";

/** The tool server. */
export const TOOL_SERVER_TOOLS = [
  "create_video_project",
  "get_video_project",
  "update_video_project",
  "list_video_projects",
  "add_scene",
  "generate_image_prompt",
  "generate_scene_description",
  "generate_scene_image",
  "generate_scene_script",
  "generate_scene_video",
  "compile_video",
  "upload_product_image",
] as const;

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

/** The server functions exposed as tools (divide-script, generate-voiceover), and a scene field update. */
export const EXTRA_TOOLS = ["divide_script", "generate_scene_voiceover", "update_scene", "delete_scene"] as const;

/** The canvas agent tool: one tool with an `action` argument. */
export const CANVAS_AGENT_TOOL = "canvas_agent";
export const CANVAS_ACTIONS = ["updateDescription", "generateImagePrompt", "generateImage", "generateVideo", "createScene", "updateScene"] as const;
export const SCENE_UPDATE_TYPES = ["script", "imagePrompt", "description", "image", "productImage", "video", "voiceOver", "backgroundMusic", "voiceOverText", "title"] as const;

export type Intent =
  | "create_project"
  | "list_projects"
  | "get_project"
  | "update_project"
  | "add_scene"
  | "divide_script"
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

export const COMMAND_EXAMPLES = [
  "Divide the script into scenes",
  "Add a scene about the product on a beach at sunset",
  "Generate the image prompt for scene 2",
  "Generate the image for scene 2 (product shot v2, 9:16)",
  "Generate the voice-over for scene 1",
  "Generate the video for the last scene",
  "Set the voice-over text of scene 3 to: Order yours today.",
  "Delete scene 4",
  "Analyze the project",
  "Suggest improvements for scene 2",
  "Compile as webm",
];

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17,
  eighteen: 18, nineteen: 19, twenty: 20,
};
const ORDINALS: Record<string, number> = {
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10,
  "1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5, "6th": 6, "7th": 7, "8th": 8, "9th": 9, "10th": 10,
};

type SceneRef = { kind: "number"; n: number } | { kind: "last" } | { kind: "this" } | { kind: "title"; title: string };

function findSceneRef(text: string): SceneRef | null {
  let m = /\bscenes?\s*(?:#|no\.?\s*|number\s*)?(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty)\b/i.exec(text);
  if (m) return { kind: "number", n: /^\d+$/.test(m[1]) ? Number(m[1]) : NUMBER_WORDS[m[1].toLowerCase()] };
  m = /\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|1st|2nd|3rd|[4-9]th|10th|last|final)\s+scene\b/i.exec(text);
  if (m) {
    const w = m[1].toLowerCase();
    return w === "last" || w === "final" ? { kind: "last" } : { kind: "number", n: ORDINALS[w] };
  }
  m = /\bscene\s+(?:called|named|titled)\s+["“']([^"”']+)["”']/i.exec(text) ?? /\bthe\s+["“']([^"”']+)["”']\s+scene\b/i.exec(text);
  if (m) return { kind: "title", title: m[1].trim() };
  if (/\b(this|current|selected|open)\s+scene\b/i.test(text)) return { kind: "this" };
  return null;
}

function ordered(scenes: RouteScene[]): RouteScene[] {
  return scenes.map((s, i) => ({ s, i })).sort((a, b) => (a.s.sceneOrder ?? a.i) - (b.s.sceneOrder ?? b.i) || a.i - b.i).map((x) => x.s);
}

type Resolved = { ok: true; sceneId?: string; sceneNumber?: number; scene?: RouteScene } | { ok: false; reply: string };

/**
 * Turns a scene reference into a scene id using the context's scenes (1-based positions in
 * scene order). Without scenes in the context, a numbered reference is passed on as sceneNumber.
 */
function resolveScene(text: string, ctx: RouteContext, required: boolean): Resolved {
  const ref = findSceneRef(text);
  const scenes = ctx.scenes ? ordered(ctx.scenes) : null;
  const pick = (i: number): Resolved => ({ ok: true, sceneId: scenes![i].id, sceneNumber: i + 1, scene: scenes![i] });
  if (!ref) {
    if (ctx.selectedSceneId) {
      const i = scenes?.findIndex((s) => s.id === ctx.selectedSceneId) ?? -1;
      return i >= 0 ? pick(i) : { ok: true, sceneId: ctx.selectedSceneId };
    }
    if (scenes && scenes.length === 1) return pick(0);
    if (!required) return { ok: true };
    return { ok: false, reply: `Which scene? Say for example "scene 2"${scenes ? ` (this project has ${plural(scenes.length, "scene")})` : ""}.` };
  }
  if (ref.kind === "this") {
    if (!ctx.selectedSceneId) return { ok: false, reply: 'No scene is selected. Say which one, for example "scene 2".' };
    const i = scenes?.findIndex((s) => s.id === ctx.selectedSceneId) ?? -1;
    return i >= 0 ? pick(i) : { ok: true, sceneId: ctx.selectedSceneId };
  }
  if (!scenes) {
    if (ref.kind === "number") return { ok: true, sceneNumber: ref.n };
    return { ok: false, reply: "I need the project's scenes to find that scene; open the project first." };
  }
  if (scenes.length === 0) return { ok: false, reply: "This project has no scenes yet. Divide the script or add a scene first." };
  if (ref.kind === "last") return pick(scenes.length - 1);
  if (ref.kind === "title") {
    const i = scenes.findIndex((s) => (s.title ?? "").trim().toLowerCase() === ref.title.toLowerCase());
    return i >= 0 ? pick(i) : { ok: false, reply: `There is no scene called "${ref.title}".` };
  }
  if (ref.n < 1 || ref.n > scenes.length) return { ok: false, reply: `There is no scene ${ref.n}; this project has ${plural(scenes.length, "scene")}.` };
  return pick(ref.n - 1);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function aspectRatioIn(text: string): "16:9" | "9:16" | "1:1" | "4:3" | undefined {
  const m = /\b(16\s*[:x]\s*9|9\s*[:x]\s*16|1\s*[:x]\s*1|4\s*[:x]\s*3)\b/i.exec(text);
  if (m) return m[1].replace(/\s/g, "").replace("x", ":") as "16:9";
  if (/\b(vertical|portrait|story|stories|reels?|tiktok|shorts)\b/i.test(text)) return "9:16";
  if (/\b(landscape|widescreen|horizontal|youtube)\b/i.test(text)) return "16:9";
  if (/\bsquare\b/i.test(text)) return "1:1";
  return undefined;
}

function productShotVersionIn(text: string): "v1" | "v2" | "v3" | undefined {
  const m = /\b(?:v|version\s*)([123])\b/i.exec(text);
  return m ? (`v${m[1]}` as "v1") : undefined;
}

/** Text after a quote or after "about/showing/called ...", trimmed. */
function quoted(text: string): string | undefined {
  const m = /["“']([^"”']{2,})["”']/.exec(text);
  return m?.[1].trim();
}

function cleanTopic(s: string): string {
  return s
    .replace(/\s+(?:after|before)\s+(?:the\s+)?(?:scene\s*\S+|\S+\s+scene)\s*$/i, "")
    .replace(/\s+(?:at the (?:start|beginning|end))\s*$/i, "")
    .replace(/^[\s:,-]+|[\s.!?]+$/g, "")
    .trim();
}

const FINAL_VIDEO =
  /^\s*(?:please\s+)?(?:render|produce|build|make|create|finish|finali[sz]e)\s+(?:(?:the|my|a|an|this|our)\s+)?(?:(?:final|full|whole|complete|finished)\s+)?(?:video|film|ad|movie|mp4|webm)\b(?:\s+(?:now|please|as\s+(?:an?\s+)?(?:mp4|webm)(?:\s+file)?|in\s+(?:mp4|webm|16:9|9:16|1:1|vertical|square|landscape|portrait)(?:\s+format)?))*[\s.!]*$/i;

const GENERATE = /\b(generate|create|make|produce|render|redo|regenerate|re-generate|write|draft|build|give me|get|add|do|run|new)\b/i;

interface Candidate {
  tool: string;
  args: Record<string, unknown>;
}

/** Implementations of an intent in order of preference; the first available one is used. */
function candidatesFor(intent: Intent, args: Record<string, unknown>): Candidate[] {
  const canvas = (action: string, extra: Record<string, unknown> = {}): Candidate[] => [
    { tool: CANVAS_AGENT_TOOL, args: { action, ...args, ...extra } },
    { tool: action, args: { ...args, ...extra } },
  ];
  switch (intent) {
    case "create_project": return [{ tool: "create_video_project", args }];
    case "list_projects": return [{ tool: "list_video_projects", args }];
    case "get_project": return [{ tool: "get_video_project", args }];
    case "update_project": return [{ tool: "update_video_project", args }];
    case "add_scene": return [{ tool: "add_scene", args }, ...canvas("createScene", { content: args.description })];
    case "divide_script": return [{ tool: "divide_script", args }];
    case "generate_image_prompt": return [{ tool: "generate_image_prompt", args }, ...canvas("generateImagePrompt")];
    case "generate_scene_image": return [{ tool: "generate_scene_image", args }, ...canvas("generateImage")];
    case "generate_scene_description": return [{ tool: "generate_scene_description", args }, ...canvas("updateDescription")];
    case "generate_scene_script": return [{ tool: "generate_scene_script", args }];
    case "generate_scene_video": return [{ tool: "generate_scene_video", args }, ...canvas("generateVideo")];
    case "generate_scene_voiceover": return [{ tool: "generate_scene_voiceover", args }];
    case "update_scene": return [{ tool: "update_scene", args: sceneFieldArgs(args) }, ...canvas("updateScene")];
    case "delete_scene": return [{ tool: "delete_scene", args }];
    case "compile_video": return [{ tool: "compile_video", args }];
    case "analyze_project": return [{ tool: "analyze_project_requirements", args }];
    case "suggest_improvements": return [{ tool: "suggest_scene_improvements", args }];
    case "enhance_descriptions": return [{ tool: "enhance_scene_descriptions", args }];
    case "optimize_sequence": return [{ tool: "optimize_scene_sequence", args }];
    case "optimize_layout": return [{ tool: "optimize_canvas_layout", args }];
    case "prepare_compilation": return [{ tool: "prepare_scenes_for_compilation", args }];
    case "generate_assets": return [];
  }
}

/** The update_scene tool takes the field itself ({name | description | script | voiceOverText | imagePrompt}). */
function sceneFieldArgs(args: Record<string, unknown>): Record<string, unknown> {
  const { updateType, content, ...rest } = args;
  if (typeof updateType !== "string") return args;
  return { ...rest, [updateType === "title" ? "name" : updateType]: content };
}

const NEEDS_PROJECT: Partial<Record<Intent, true>> = {
  get_project: true, update_project: true, add_scene: true, divide_script: true, generate_assets: true,
  generate_image_prompt: true, generate_scene_image: true, generate_scene_description: true,
  generate_scene_script: true, generate_scene_video: true, generate_scene_voiceover: true, update_scene: true, delete_scene: true,
  compile_video: true, analyze_project: true, suggest_improvements: true, enhance_descriptions: true,
  optimize_sequence: true, optimize_layout: true, prepare_compilation: true,
};

/** The message for a project action without a project (docs/product.md#canvas-editor). */
export const SELECT_PROJECT_FIRST = "Please select a project first.";

interface Parsed {
  intent: Intent;
  args: Record<string, unknown>;
  reply: string;
  sceneRequired?: boolean;
  /** Further intents with the same arguments, run after this one in order. */
  then?: Intent[];
}

type Parser = (text: string, ctx: RouteContext) => Parsed | { clarify: string; intent: Intent; missing: string[] } | null;

const FIELD_WORDS: Array<[RegExp, (typeof SCENE_UPDATE_TYPES)[number], string]> = [
  [/image\s+prompt|prompt/i, "imagePrompt", "image prompt"],
  [/voice[- ]?over\s+text|narration(?:\s+text)?|voice\s*text/i, "voiceOverText", "voice-over text"],
  [/description/i, "description", "description"],
  [/script/i, "script", "script"],
  [/title|name/i, "title", "title"],
];

const parsers: Parser[] = [
  // "set the voice-over text of scene 3 to: ...", "change scene 2's description to ...", "rename scene 1 to ..."
  (text, ctx) => {
    let m = /^\s*(?:please\s+)?rename\s+(.+?)\s+(?:to|as)\s+(.+)$/i.exec(text);
    let fieldText: string | undefined;
    let sceneText: string;
    let content: string;
    if (m && findSceneRef(m[1])) {
      fieldText = "title";
      sceneText = m[1];
      content = m[2];
    } else {
      m = /^\s*(?:please\s+)?(?:set|change|update|replace|make|edit)\s+(?:the\s+)?(.+?)\s+(?:to|as|with|into)\s*:?\s+([\s\S]+)$/i.exec(text);
      if (!m || !findSceneRef(m[1])) return null;
      sceneText = m[1];
      content = m[2];
      fieldText = m[1];
    }
    const field = FIELD_WORDS.find(([re]) => re.test(fieldText!));
    if (!field) return null;
    const value = (quoted(content) ?? content).trim().replace(/^["“']|["”']$/g, "");
    if (!value) return null;
    const resolved = resolveScene(sceneText, ctx, true);
    if (!resolved.ok) return { clarify: resolved.reply, intent: "update_scene", missing: ["sceneId"] };
    return {
      intent: "update_scene",
      args: { ...sceneArgs(ctx, resolved), updateType: field[1], content: value },
      reply: `Updating the ${field[2]} of ${sceneLabel(resolved)}.`,
    };
  },
  // projects
  (text) => {
    if (!/\bprojects\b/i.test(text) || !/\b(list|show|see|view|display|all|my|which)\b/i.test(text)) return null;
    const status = /\bdrafts?\b/i.test(text) ? "draft" : /\bin[ _-]progress\b/i.test(text) ? "in_progress" : /\bcompleted?\b|\bfinished\b/i.test(text) ? "completed" : /\bfailed\b/i.test(text) ? "failed" : undefined;
    return { intent: "list_projects", args: status ? { status } : {}, reply: status ? `Listing your ${status.replace("_", " ")} projects.` : "Listing your projects." };
  },
  (text) => {
    if (!/\b(create|start|new|make|begin)\b/i.test(text) || !/\bproject\b/i.test(text) || /\bscene\b/i.test(text)) return null;
    const m = /\b(?:called|named|titled)\s+(.+)$/i.exec(text) ?? /\bproject\s+(?:for|about)\s+(.+)$/i.exec(text);
    const name = m ? (quoted(m[1]) ?? cleanTopic(m[1])) : quoted(text);
    if (!name) return { clarify: 'What should the project be called? For example: create a project called "Summer Sale".', intent: "create_project", missing: ["name"] };
    return { intent: "create_project", args: { name: titleCase(name), description: "" }, reply: `Creating the project "${titleCase(name)}".` };
  },
  (text, ctx) => {
    const rename = /\brename\s+(?:the\s+|this\s+)?project\s+(?:to|as)\s+(.+)$/i.exec(text);
    if (rename) {
      const name = quoted(rename[1]) ?? cleanTopic(rename[1]);
      return { intent: "update_project", args: { projectId: ctx.projectId, name }, reply: `Renaming the project to "${name}".` };
    }
    const status = /\b(?:mark|set|change)\b.*\bproject\b.*\b(?:as|to)\s+(draft|in[ _-]progress|completed?|done|finished|failed)\b/i.exec(text);
    if (!status) return null;
    const s = status[1].toLowerCase();
    const value = s.startsWith("draft") ? "draft" : s.startsWith("in") ? "in_progress" : s === "failed" ? "failed" : "completed";
    return { intent: "update_project", args: { projectId: ctx.projectId, status: value }, reply: `Setting the project status to ${value.replace("_", " ")}.` };
  },
  // delete a scene: "delete scene 2", "remove the last scene"
  (text, ctx) => {
    if (!/^\s*(?:please\s+)?(?:delete|remove|drop|get rid of)\b/i.test(text) || !/\bscene\b/i.test(text) || /\bscenes\b/i.test(text)) return null;
    const r = resolveScene(text, ctx, true);
    if (!r.ok) return { clarify: r.reply, intent: "delete_scene", missing: ["sceneId"] };
    return { intent: "delete_scene", args: sceneArgs(ctx, r), reply: `Deleting ${sceneLabel(r)}.` };
  },
  // add a scene
  (text, ctx) => {
    const m = /\b(?:add|create|insert|make|append|new)\b\s+(?:a\s+|an\s+|one\s+|another\s+|one more\s+|new\s+)*(?:new\s+)?scene\b\s*([\s\S]*)$/i.exec(text);
    if (!m) return null;
    let rest = m[1];
    const order = positionIn(rest, ctx);
    const name = quoted(rest);
    rest = rest.replace(/^\s*(?:about|showing|that shows|which shows|where|with|for|of|on|featuring|called|named|titled|:|-)\s*/i, "");
    const topic = cleanTopic(rest.replace(/["“'][^"”']+["”']/, name ?? ""));
    if (!topic && !name) return { clarify: 'What should the new scene show? For example: add a scene about the product on a beach.', intent: "add_scene", missing: ["name"] };
    const title = name ? titleCase(name) : titleFromText(topic) || titleCase(topic.split(/\s+/).slice(0, 5).join(" "));
    const description = topic ? ensureTerminalPunctuation(capitalizeFirst(topic)) : "";
    const args: Record<string, unknown> = { projectId: ctx.projectId, name: title, description };
    if (order !== undefined) args.order = order;
    return { intent: "add_scene", args, reply: `Adding the scene "${title}"${order !== undefined ? ` at position ${order}` : ""}.` };
  },
  // divide the script
  (text, ctx) => {
    if (!(/\b(divide|split|break|chop|cut|segment)\b[\s\S]*\b(script|scenes?)\b/i.test(text) || /\bscript\b[\s\S]*\binto\s+scenes\b/i.test(text))) return null;
    return { intent: "divide_script", args: { projectId: ctx.projectId }, reply: "Dividing the script into scenes." };
  },
  // compile
  (text, ctx) => {
    const compileWord = /\b(compile|export)\b/i.test(text);
    // "Render the final video (as webm)": the whole message asks for the video itself — not
    // "make the ad more fun", which asks for a change the planner cannot make.
    const videoWord = FINAL_VIDEO.test(text);
    if (!compileWord && !(videoWord && !findSceneRef(text))) return null;
    if (findSceneRef(text) && !compileWord) return null;
    const outputFormat = /\bwebm\b/i.test(text) ? "webm" : "mp4";
    const aspectRatio = aspectRatioIn(text);
    const args: Record<string, unknown> = { projectId: ctx.projectId, outputFormat };
    if (aspectRatio) args.config = { aspectRatio };
    return { intent: "compile_video", args, reply: `Compiling the video as ${outputFormat.toUpperCase()}${aspectRatio ? ` (${aspectRatio})` : ""}.` };
  },
  // analysis and improvement functions
  (text, ctx) => {
    if (/\b(prepare|get)\b[\s\S]*\b(scenes?|ready)\b[\s\S]*\b(compil\w*|render\w*)\b/i.test(text)) {
      return { intent: "prepare_compilation", args: { projectId: ctx.projectId }, reply: "Preparing the scenes for compilation." };
    }
    if (/\b(optimi[sz]e|tidy|arrange|rearrange|clean\s*up|auto-?layout|organi[sz]e)\b[\s\S]*\b(layout|canvas|diagram|nodes)\b/i.test(text)) {
      return { intent: "optimize_layout", args: { projectId: ctx.projectId }, reply: "Optimizing the canvas layout." };
    }
    if (/\b(reorder|re-order|optimi[sz]e|rearrange|improve|fix)\b[\s\S]*\b(order|sequence|flow|pacing)\b/i.test(text)) {
      return { intent: "optimize_sequence", args: { projectId: ctx.projectId }, reply: "Optimizing the scene sequence." };
    }
    if (/\b(enhance|enrich|polish|rewrite|improve)\b[\s\S]*\bdescriptions?\b/i.test(text)) {
      const r = resolveScene(text, ctx, false);
      const args: Record<string, unknown> = { projectId: ctx.projectId };
      if (r.ok && findSceneRef(text)) Object.assign(args, sceneArgs(ctx, r));
      return { intent: "enhance_descriptions", args, reply: r.ok && args.sceneId ? `Enhancing the description of ${sceneLabel(r)}.` : "Enhancing the scene descriptions." };
    }
    if (/\b(suggest\w*|improve\w*|feedback|review|critique|better)\b/i.test(text)) {
      const r = resolveScene(text, ctx, true);
      if (!r.ok) return { clarify: r.reply, intent: "suggest_improvements", missing: ["sceneId"] };
      return { intent: "suggest_improvements", args: sceneArgs(ctx, r), reply: `Looking for improvements to ${sceneLabel(r)}.` };
    }
    if (/\b(analy[sz]e|analysis|requirements|what(?:'s| is)\s+missing|what\s+do\s+i\s+need|status\s+of|how\s+long|progress)\b/i.test(text)) {
      return { intent: "analyze_project", args: { projectId: ctx.projectId, context: text.trim() }, reply: "Analyzing the project." };
    }
    return null;
  },
  // per-scene generation
  (text, ctx) => {
    const animate = /\banimate\b/i.test(text);
    if (!GENERATE.test(text) && !animate) return null;
    const kinds: Array<[RegExp, Intent, string]> = [
      [/\b(all\s+)?assets\b|\beverything\b/i, "generate_assets", "assets"],
      [/\b(image|picture|photo)\s+prompt\b|\bprompt\b/i, "generate_image_prompt", "image prompt"],
      [/\bvoice[- ]?over\s+text\b|\bnarration\s+text\b/i, "generate_scene_script", "script"],
      [/\bvoice[- ]?overs?\b|\bvoiceovers?\b|\bnarration\b|\baudio\b|\bvoice\b/i, "generate_scene_voiceover", "voice-over"],
      [/\bscript\b/i, "generate_scene_script", "script"],
      [/\bdescription\b/i, "generate_scene_description", "description"],
      [/\b(image|picture|photo|visual|product[- ]?shot|still)s?\b/i, "generate_scene_image", "image"],
      [/\b(video|clip|animation|motion|movie)s?\b/i, "generate_scene_video", "video"],
    ];
    const kind = animate ? kinds[kinds.length - 1] : kinds.find(([re]) => re.test(text));
    if (!kind) return null;
    const [, intent, label] = kind;
    if (intent === "generate_scene_video" && !findSceneRef(text) && !ctx.selectedSceneId && !(ctx.scenes && ctx.scenes.length === 1)) return null;
    const r = resolveScene(text, ctx, true);
    if (!r.ok) return { clarify: r.reply, intent, missing: ["sceneId"] };
    const args = sceneArgs(ctx, r);
    if (intent === "generate_assets") return nextAssetStep(ctx, r, args);
    if (intent === "generate_scene_image") {
      const version = productShotVersionIn(text);
      const aspectRatio = aspectRatioIn(text);
      if (version) args.productShotVersion = version;
      if (aspectRatio) args.aspectRatio = aspectRatio;
      const prompt = /\bprompt\s*:\s*(.+)$/i.exec(text)?.[1];
      if (prompt) args.imagePrompt = prompt.trim();
    }
    return { intent, args, reply: `Generating the ${label} for ${sceneLabel(r)}.` };
  },
];

/**
 * "Generate assets for scene 2": every missing step in the fixed order of
 * docs/product.md#video-pipeline (image prompt, image, script, voice-over, video), run one after the other.
 */
function nextAssetStep(ctx: RouteContext, r: Extract<Resolved, { ok: true }>, args: Record<string, unknown>): Parsed | { clarify: string; intent: Intent; missing: string[] } {
  const s = r.scene;
  // The pipeline's own order (scene-asset-steps.ts): the video is made last, after the voice-over
  // it is timed to, so a later compile does not make it again.
  const steps: Array<[keyof RouteScene, Intent, string]> = [
    ["imagePrompt", "generate_image_prompt", "image prompt"],
    ["imageUrl", "generate_scene_image", "image"],
    ["script", "generate_scene_script", "script"],
    ["voiceOverUrl", "generate_scene_voiceover", "voice-over"],
    ["videoUrl", "generate_scene_video", "video"],
  ];
  const todo = s ? steps.filter(([field]) => !s[field]) : steps;
  if (todo.length === 0) return { clarify: `${capitalizeFirst(sceneLabel(r))} already has an image prompt, an image, a script, a voice-over and a video.`, intent: "generate_assets", missing: [] };
  const labels = todo.map(([, , l]) => l);
  return {
    intent: todo[0][1],
    args,
    reply: `Generating the ${labels.length > 1 ? `${labels.slice(0, -1).join(", ")} and ${labels[labels.length - 1]}` : labels[0]} for ${sceneLabel(r)}.`,
    then: todo.slice(1).map(([, intent]) => intent),
  };
}

function positionIn(text: string, ctx: RouteContext): number | undefined {
  const after = /\bafter\s+(?:the\s+)?((?:scene\s*\S+)|(?:\S+\s+scene))/i.exec(text);
  const before = /\bbefore\s+(?:the\s+)?((?:scene\s*\S+)|(?:\S+\s+scene))/i.exec(text);
  if (/\bat the (start|beginning)\b/i.test(text)) return 1;
  const ref = after ?? before;
  if (!ref) return undefined;
  const r = resolveScene(ref[1], { ...ctx, selectedSceneId: null }, true);
  if (!r.ok || r.sceneNumber === undefined) return undefined;
  return after ? r.sceneNumber + 1 : r.sceneNumber;
}

function sceneArgs(ctx: RouteContext, r: Extract<Resolved, { ok: true }>): Record<string, unknown> {
  const args: Record<string, unknown> = { projectId: ctx.projectId };
  if (r.sceneId) args.sceneId = r.sceneId;
  else if (r.sceneNumber !== undefined) args.sceneNumber = r.sceneNumber;
  return args;
}

function sceneLabel(r: Extract<Resolved, { ok: true }>): string {
  return r.sceneNumber !== undefined ? `scene ${r.sceneNumber}` : "the selected scene";
}

/**
 * Maps a command to a tool call. Returns kind "tool" with the tool name and arguments, "clarify"
 * when the intent is clear but something is missing (which scene, which project), "help" for
 * greetings and questions about what it can do, and "unknown" with examples otherwise.
 */
export function routeCommand(command: string, context: RouteContext = {}): RouteResult {
  const text = command.trim();
  if (!text || /^(help|\?|hi|hello|hey|menu|commands)\b|\bwhat can you do\b|\bhow do (?:i|you)\b.*\b(use|work)\b/i.test(text)) {
    return {
      kind: "help",
      reply: `I'm the local planner. I can divide a script into scenes, write image prompts, voice-over text, SEO titles and hashtags, and run project actions. Try: ${COMMAND_EXAMPLES.slice(0, 5).map((e) => `"${e}"`).join(", ")}.`,
      examples: COMMAND_EXAMPLES,
    };
  }
  // "Make the ad more fun", "make the video punchier": a change of taste needs a language model.
  // Routing it to a generation would spend credits on something nobody asked for.
  if (QUALITY_CHANGE.test(text)) return freeRequest(text);
  for (const parse of parsers) {
    const result = parse(text, context);
    if (!result) continue;
    if ("clarify" in result) return { kind: "clarify", intent: result.intent, reply: result.clarify, missing: result.missing };
    if (NEEDS_PROJECT[result.intent] && !context.projectId) {
      return { kind: "clarify", intent: result.intent, reply: SELECT_PROJECT_FIRST, missing: ["projectId"] };
    }
    const candidates = candidatesFor(result.intent, result.args);
    const available = context.availableTools;
    const pick = (list: Candidate[]) => (available ? list.find((c) => available.includes(c.tool)) : list[0]);
    const chosen = pick(candidates);
    if (!chosen) {
      return {
        kind: "clarify",
        intent: result.intent,
        reply: `I understood "${text}", but the ${candidates[0]?.tool ?? result.intent} tool is not available here.`,
        missing: ["tool"],
      };
    }
    const more = (result.then ?? []).map((intent) => pick(candidatesFor(intent, result.args))).filter((c): c is Candidate => Boolean(c));
    const args = dropUndefined(chosen.args);
    return {
      kind: "tool",
      intent: result.intent,
      tool: chosen.tool,
      args,
      reply: result.reply,
      ...(more.length ? { calls: [{ tool: chosen.tool, args }, ...more.map((c) => ({ tool: c.tool, args: dropUndefined(c.args) }))] } : {}),
    };
  }
  return freeRequest(text);
}

const QUALITY_CHANGE =
  /^\s*(?:please\s+|can you\s+|could you\s+|let's\s+|lets\s+)?(?:make|turn|give|render)\b[\s\S]*\b(?:more|less|better|worse|shorter|longer|funnier|fun|exciting|punchier|catchier|bolder|brighter|darker|bigger|smaller|nicer|cooler|livelier|happier|sadder)\b/i;

/** The honest answer to a request the planner cannot turn into a tool: nothing ran, and what it can do. */
function freeRequest(text: string): RouteResult {
  const shown = text.length > 120 ? `${text.slice(0, 119)}…` : text;
  return {
    kind: "unknown",
    reply:
      `I can't act on "${shown}": no language model is configured, so I understand clear commands only, and I did not run anything. ` +
      `For a change like this, edit a scene's text and make its assets again, for example: ${FREE_REQUEST_SUGGESTIONS.map((e) => `"${e}"`).join(", ")}. ` +
      `Other commands I understand: ${COMMAND_EXAMPLES.filter((e) => !FREE_REQUEST_SUGGESTIONS.includes(e)).map((e) => `"${e}"`).join(", ")}.`,
    examples: COMMAND_EXAMPLES,
  };
}

const FREE_REQUEST_SUGGESTIONS = ["Suggest improvements for scene 2", "Set the voice-over text of scene 3 to: Order yours today.", "Analyze the project"];

function dropUndefined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

const COMMAND_VERBS =
  "generate|create|make|add|compile|export|divide|split|analy[sz]e|suggest|set|change|rename|optimi[sz]e|enhance|prepare|animate|write|produce|render|list|show|mark|update";
const SPLIT = new RegExp(`\\s*(?:[.;!]\\s+|,\\s*)?(?:\\band\\s+then\\b|\\bthen\\b|\\band\\s+(?:also\\s+)?(?=(?:${COMMAND_VERBS})\\b))\\s*`, "i");

/**
 * Splits a message into the commands it gives in order: "add a scene about X and generate its
 * assets" → ["add a scene about X", "generate its assets"]. "and" splits only before a command
 * verb, so "a scene about sun and sea" stays whole.
 */
export function splitCommands(text: string): string[] {
  return text
    .split(SPLIT)
    .map((part) => part.trim().replace(/^[,;.\s]+|[,;\s]+$/g, ""))
    .filter(Boolean);
}
