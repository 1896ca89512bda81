// Scene references in a command ("scene 2", "the last scene", "the scene called \"Hook\"", "this
// scene") resolved against the project's scenes, and the arguments and labels made from them.
import type { RouteContext, RouteScene } from "./route-types";

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
};
const ORDINALS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  "1st": 1,
  "2nd": 2,
  "3rd": 3,
  "4th": 4,
  "5th": 5,
  "6th": 6,
  "7th": 7,
  "8th": 8,
  "9th": 9,
  "10th": 10,
};

type SceneRef = { kind: "number"; n: number } | { kind: "last" } | { kind: "this" } | { kind: "title"; title: string };

export function findSceneRef(text: string): SceneRef | null {
  let m =
    /\bscenes?\s*(?:#|no\.?\s*|number\s*)?(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty)\b/i.exec(
      text,
    );
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
  return scenes
    .map((s, i) => ({ s, i }))
    .sort((a, b) => (a.s.sceneOrder ?? a.i) - (b.s.sceneOrder ?? b.i) || a.i - b.i)
    .map((x) => x.s);
}

export type Resolved = { ok: true; sceneId?: string; sceneNumber?: number; scene?: RouteScene } | { ok: false; reply: string };

/**
 * Turns a scene reference into a scene id using the context's scenes (1-based positions in
 * scene order). Without scenes in the context, a numbered reference is passed on as sceneNumber.
 */
export function resolveScene(text: string, ctx: RouteContext, required: boolean): Resolved {
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

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

export function positionIn(text: string, ctx: RouteContext): number | undefined {
  const after = /\bafter\s+(?:the\s+)?((?:scene\s*\S+)|(?:\S+\s+scene))/i.exec(text);
  const before = /\bbefore\s+(?:the\s+)?((?:scene\s*\S+)|(?:\S+\s+scene))/i.exec(text);
  if (/\bat the (start|beginning)\b/i.test(text)) return 1;
  const ref = after ?? before;
  if (!ref) return undefined;
  const r = resolveScene(ref[1], { ...ctx, selectedSceneId: null }, true);
  if (!r.ok || r.sceneNumber === undefined) return undefined;
  return after ? r.sceneNumber + 1 : r.sceneNumber;
}

export function sceneArgs(ctx: RouteContext, r: Extract<Resolved, { ok: true }>): Record<string, unknown> {
  const args: Record<string, unknown> = { projectId: ctx.projectId };
  if (r.sceneId) args.sceneId = r.sceneId;
  else if (r.sceneNumber !== undefined) args.sceneNumber = r.sceneNumber;
  return args;
}

export function sceneLabel(r: Extract<Resolved, { ok: true }>): string {
  return r.sceneNumber !== undefined ? `scene ${r.sceneNumber}` : "the selected scene";
}
