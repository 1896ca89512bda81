// Story types (story_type, seed 000 §3/§7): the "Style" choices of Create Video.
import { prisma } from "~/utils/db.server";

export type StoryTypeOption = { id: number; name: string };

/** Every story type, by id. */
export function listStoryTypes(): Promise<StoryTypeOption[]> {
  return prisma.storyType.findMany({ select: { id: true, name: true }, orderBy: { id: "asc" } });
}

export async function storyTypeExists(id: number): Promise<boolean> {
  return (await prisma.storyType.count({ where: { id } })) > 0;
}
