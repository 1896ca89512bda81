// Submission → storyboard shown (issue 24 items 6-7, docs/decisions/355-storyboard-and-eta.md): how
// long after a Create Video submission its storyboard is stored, i.e. what the card and the story
// page show from then on. Used by the e2e bench (bench/e2e.ts) and callable by any other scenario.

/** The storyboard's stored target: at most this long after the submission. */
export const STORYBOARD_TARGET_SEC = 3;

/**
 * Watches a story from its submission (`submittedAt`, performance.now() just before the POST) until
 * its storyboard is stored: the seconds it took, or null when it never came within `timeoutMs`.
 * Start it right after submitting (it polls every 50 ms).
 */
export async function storyboardShownAfter(storyId: number, submittedAt: number, timeoutMs = 60_000): Promise<number | null> {
  const { prisma } = await import("~/utils/db.server");
  const deadline = submittedAt + timeoutMs;
  while (performance.now() < deadline) {
    const row = await prisma.story.findUnique({ where: { id: storyId }, select: { storyboard: true, status: true } });
    if (row?.storyboard) return Math.round(performance.now() - submittedAt) / 1000;
    if (!row || row.status === "failed") return null;
    await new Promise((r) => setTimeout(r, 50));
  }
  return null;
}
