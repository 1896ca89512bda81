// Story types (story_type): the "Style" choices of Create Video, and the palette and mood a
// style gives the pictures and the music (StoryType.details).
import { Prisma, prisma, sqlRows } from "~/utils/db.server";

export type StoryTypeOption = { id: number; name: string };

/** Every story type, by id. */
export function listStoryTypes(): Promise<StoryTypeOption[]> {
  // Read by every Create Video page: straight to the pool (docs/decisions/392-hot-reads-on-the-pg-pool.md).
  return sqlRows<StoryTypeOption>(Prisma.sql`SELECT "id", "name" FROM "story_type" ORDER BY "id" ASC`);
}

export async function storyTypeExists(id: number): Promise<boolean> {
  return (await prisma.storyType.count({ where: { id } })) > 0;
}

export type StyleDetails = { palette?: string[]; mood?: string };

/** The palette and mood of the style called `name` (a project's style); {} when there is none. */
export async function styleDetails(name: string | null | undefined): Promise<StyleDetails> {
  if (!name) return {};
  const type = await prisma.storyType.findUnique({ where: { name }, select: { details: true } });
  const d = (type?.details ?? {}) as { palette?: unknown; mood?: unknown };
  return {
    palette: Array.isArray(d.palette) ? d.palette.filter((c): c is string => typeof c === "string") : undefined,
    mood: typeof d.mood === "string" ? d.mood : undefined,
  };
}
