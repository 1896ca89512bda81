// Projects (canvas / video projects). This module starts with the rule from seed 000 §4:
// a user with no projects gets one titled "My First Project" after signing in.
import { prisma } from "~/utils/db.server";
import { DEFAULT_PROJECT_TITLE } from "~/utils/constants";

/**
 * Creates "My First Project" when the user has no project. A per-user advisory lock makes the
 * check-and-insert atomic, so two sign-ins at the same moment still create only one.
 */
export async function ensureFirstProject(userId: string): Promise<{ created: boolean; projectId: string }> {
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`first-project:${userId}`}))`;
    const existing = await tx.project.findFirst({
      where: { userId },
      orderBy: { createdAt: "desc" },
      select: { id: true },
    });
    if (existing) return { created: false, projectId: existing.id };
    const project = await tx.project.create({ data: { userId, title: DEFAULT_PROJECT_TITLE }, select: { id: true } });
    return { created: true, projectId: project.id };
  });
}
