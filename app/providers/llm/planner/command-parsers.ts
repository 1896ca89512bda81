// The phrase rules: each parser recognises one kind of command and returns its intent with the
// arguments, or what is missing. The first parser that answers wins (route-command.ts).
import { type Resolved, findSceneRef, positionIn, resolveScene, sceneArgs, sceneLabel } from "./scene-refs";
import type { Intent, RouteContext, RouteScene, SCENE_UPDATE_TYPES } from "./route-types";
import { capitalizeFirst, ensureTerminalPunctuation, titleCase } from "./text";
import { titleFromText } from "./copy-writer";

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

export interface Parsed {
  intent: Intent;
  args: Record<string, unknown>;
  reply: string;
  sceneRequired?: boolean;
  /** Further intents with the same arguments, run after this one in order. */
  then?: Intent[];
}

export type Parser = (text: string, ctx: RouteContext) => Parsed | { clarify: string; intent: Intent; missing: string[] } | null;

const FIELD_WORDS: Array<[RegExp, (typeof SCENE_UPDATE_TYPES)[number], string]> = [
  [/image\s+prompt|prompt/i, "imagePrompt", "image prompt"],
  [/voice[- ]?over\s+text|narration(?:\s+text)?|voice\s*text/i, "voiceOverText", "voice-over text"],
  [/description/i, "description", "description"],
  [/script/i, "script", "script"],
  [/title|name/i, "title", "title"],
];

export const parsers: Parser[] = [
  // "start from my product page https://shop.example/p/x", "read this store page: https://…"
  (text) => {
    const url = /\bhttps?:\/\/[^\s"'<>]+/i.exec(text)?.[0]?.replace(/[.,;:!?)\]]+$/, "");
    if (!url || !/\b(page|store|shop|listing|product link)\b/i.test(text.replace(/\bhttps?:\/\/\S+/gi, " "))) return null;
    return { intent: "read_product_page", args: { url }, reply: "Reading the product page." };
  },
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
    const status = /\bdrafts?\b/i.test(text)
      ? "draft"
      : /\bin[ _-]progress\b/i.test(text)
        ? "in_progress"
        : /\bcompleted?\b|\bfinished\b/i.test(text)
          ? "completed"
          : /\bfailed\b/i.test(text)
            ? "failed"
            : undefined;
    return {
      intent: "list_projects",
      args: status ? { status } : {},
      reply: status ? `Listing your ${status.replace("_", " ")} projects.` : "Listing your projects.",
    };
  },
  (text) => {
    if (!/\b(create|start|new|make|begin)\b/i.test(text) || !/\bproject\b/i.test(text) || /\bscene\b/i.test(text)) return null;
    const m = /\b(?:called|named|titled)\s+(.+)$/i.exec(text) ?? /\bproject\s+(?:for|about)\s+(.+)$/i.exec(text);
    const name = m ? (quoted(m[1]) ?? cleanTopic(m[1])) : quoted(text);
    if (!name)
      return { clarify: 'What should the project be called? For example: create a project called "Summer Sale".', intent: "create_project", missing: ["name"] };
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
    if (!topic && !name)
      return { clarify: "What should the new scene show? For example: add a scene about the product on a beach.", intent: "add_scene", missing: ["name"] };
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
      return {
        intent: "enhance_descriptions",
        args,
        reply: r.ok && args.sceneId ? `Enhancing the description of ${sceneLabel(r)}.` : "Enhancing the scene descriptions.",
      };
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
function nextAssetStep(
  ctx: RouteContext,
  r: Extract<Resolved, { ok: true }>,
  args: Record<string, unknown>,
): Parsed | { clarify: string; intent: Intent; missing: string[] } {
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
  if (todo.length === 0)
    return {
      clarify: `${capitalizeFirst(sceneLabel(r))} already has an image prompt, an image, a script, a voice-over and a video.`,
      intent: "generate_assets",
      missing: [],
    };
  const labels = todo.map(([, , l]) => l);
  return {
    intent: todo[0][1],
    args,
    reply: `Generating the ${labels.length > 1 ? `${labels.slice(0, -1).join(", ")} and ${labels[labels.length - 1]}` : labels[0]} for ${sceneLabel(r)}.`,
    then: todo.slice(1).map(([, intent]) => intent),
  };
}
