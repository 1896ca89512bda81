// The caption look a user chose last (table caption_preferences; docs/decisions/350-caption-styles.md):
// read to prefill the dialog and the editors' forms and to default the tools, saved whenever a
// door passes a choice. Every function takes the acting user; each user has their own.
import { assertActor, type Actor } from "~/models/access/actor.server";
import { Prisma, prisma, sqlRows } from "~/utils/db.server";
import { captionPickOf, saysAnything, type CaptionInput } from "./caption-rules";
import type { CaptionPick } from "~/providers/render/caption-looks";

const NONE: CaptionPick = { style: null, size: null, position: null };

/** The actor's remembered caption pick (all null: never chosen, the Style's own). */
export async function getCaptionPreference(actor: Actor): Promise<CaptionPick> {
  assertActor(actor);
  // Read by every editor page and Create Video: straight to the pool (docs/decisions/392-hot-reads-on-the-pg-pool.md).
  const [row] = await sqlRows<{ style: string | null; size: string | null; position: string | null }>(
    Prisma.sql`SELECT "style", "size", "position" FROM "caption_preferences" WHERE "userId" = ${actor.id}`,
  );
  return row ? (captionPickOf(row) ?? NONE) : NONE;
}

/**
 * The actor's remembered pick as a column of a statement a page runs anyway (the editors' project
 * read): one round trip fewer than getCaptionPreference. Read it back with captionPreferenceFromJson.
 */
export function captionPreferenceJson(actor: Actor): Prisma.Sql {
  assertActor(actor);
  return Prisma.sql`(SELECT json_build_object('style', c."style", 'size', c."size", 'position', c."position")
    FROM "caption_preferences" c WHERE c."userId" = ${actor.id})`;
}

/** The pick a captionPreferenceJson column holds (null: never chosen). */
export function captionPreferenceFromJson(value: unknown): CaptionPick {
  const row = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  return captionPickOf(row) ?? NONE;
}

/** Remembers a pick as the actor's choice for next time. */
export async function saveCaptionPreference(actor: Actor, pick: CaptionPick): Promise<CaptionPick> {
  assertActor(actor);
  const data = captionPickOf(pick) ?? NONE;
  await prisma.captionPreference.upsert({ where: { userId: actor.id }, create: { userId: actor.id, ...data }, update: data });
  return data;
}

/**
 * The pick a request uses: what it says, the rest from the actor's remembered choice. `said`:
 * whether it said anything (the caller then remembers the pick with saveCaptionPreference once
 * the request is accepted, by whichever door it came through).
 */
export async function captionPickFor(actor: Actor, input: CaptionInput | null | undefined): Promise<{ pick: CaptionPick; said: boolean }> {
  const remembered = await getCaptionPreference(actor);
  if (!saysAnything(input)) return { pick: remembered, said: false };
  const pick: CaptionPick = {
    style: input && "style" in input ? (input.style ?? null) : remembered.style,
    size: input && "size" in input ? (input.size ?? null) : remembered.size,
    position: input && "position" in input ? (input.position ?? null) : remembered.position,
  };
  return { pick: captionPickOf(pick) ?? NONE, said: true };
}

/** Remembers the parts of a caption look a request said (a door that sets the look without making a video now). */
export async function rememberCaptionChoice(actor: Actor, input: CaptionInput | null | undefined): Promise<CaptionPick> {
  const captions = await captionPickFor(actor, input);
  return captions.said ? saveCaptionPreference(actor, captions.pick) : captions.pick;
}
