// The landing page's "Watch Demo Videos" section while the example videos are still being made
// (issue 20 finding 9): a fresh install renders them in the background after its first start,
// and the landing says so instead of "No example videos have been published here yet".
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// A database of its own: the showcase run below must not be picked up by another file's executor.
const scratch = await vi.hoisted(async () => (await import("../support/scratch-database")).useScratchDatabase("landing_showcase"));

import { prisma } from "~/utils/db.server";
import { startLiveServer, type LiveServer } from "../support/live-server";

let live: LiveServer;
beforeAll(async () => {
  live = await startLiveServer();
});
afterAll(async () => {
  await live?.close();
  await prisma.$disconnect();
  await scratch.drop();
});

async function landing(): Promise<string> {
  const res = await fetch(`${live.url}/`);
  expect(res.status).toBe(200);
  return res.text();
}

describe("the landing page's example videos", () => {
  it("says they are being made while the showcase workflow runs, and that there are none once it is over", async () => {
    expect(await prisma.showcaseVideo.count()).toBe(0);
    expect(await landing()).toContain("No example videos have been published here yet.");

    const run = await prisma.workflowRun.create({
      data: {
        functionId: "reelforge-showcase-seed",
        eventName: "showcase/seed.requested",
        event: { name: "showcase/seed.requested", data: {} },
        status: "sleeping",
        runAfter: new Date(Date.now() + 3_600_000),
      },
    });
    const html = await landing();
    expect(html).toContain("The example videos are being made on this server right now.");
    expect(html).not.toContain("No example videos have been published here yet.");

    await prisma.workflowRun.update({ where: { id: run.id }, data: { status: "completed", finishedAt: new Date() } });
    expect(await landing()).toContain("No example videos have been published here yet.");
  });
});
