// Command routing: map a clear natural-language command to one tool call with its arguments,
// by intent rules (command-parsers.ts), carried out by the catalogue's tools (tool-candidates.ts).
import { candidatesFor, type Candidate, NEEDS_PROJECT } from "./tool-candidates";
import { parsers } from "./command-parsers";
import type { RouteContext, RouteResult } from "./route-types";

export { AGENT_FUNCTIONS, SCENE_UPDATE_TYPES, type Intent, type RouteContext, type RouteResult, type RouteScene } from "./route-types";

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

/** The message for a project action without a project (docs/product.md#canvas-editor). */
export const SELECT_PROJECT_FIRST = "Please select a project first.";

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
      reply: `I'm the local planner. I can divide a script into scenes, write image prompts, voice-over text, SEO titles and hashtags, and run project actions. Try: ${COMMAND_EXAMPLES.slice(
        0,
        5,
      )
        .map((e) => `"${e}"`)
        .join(", ")}.`,
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
      `Other commands I understand: ${COMMAND_EXAMPLES.filter((e) => !FREE_REQUEST_SUGGESTIONS.includes(e))
        .map((e) => `"${e}"`)
        .join(", ")}.`,
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
