// The editor's project page costs the same number of SQL statements whatever the number of
// scenes (no statement per scene: docs/decisions/238-page-speed.md); every statement sent
// through pg is counted, as in dashboard-query-count.test.ts.
import pg from "pg";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { actorFromUser } from "~/models/access";
import { createProject } from "~/models/projects/project.server";
import * as projectRoute from "~/routes/_shell.video-projects.$projectId";
import { seedReferenceData } from "../../prisma/seed";
import { get, run } from "./dashboard-helpers";
import { newUser } from "./storage-helpers";

async function countQueries(fn: () => Promise<unknown>): Promise<{ count: number; result: unknown }> {
  const spy = vi.spyOn(pg.Client.prototype, "query");
  try {
    spy.mockClear();
    const result = await fn();
    return { count: spy.mock.calls.length, result };
  } finally {
    spy.mockRestore();
  }
}

let admin: Awaited<ReturnType<typeof newUser>>;
const projects: Record<number, string> = {};

beforeAll(async () => {
  await seedReferenceData();
  admin = await newUser({ admin: true });
  const actor = actorFromUser({ id: admin.user.id, isAdmin: true }, "web");
  for (const n of [2, 30]) {
    const project = await createProject(actor, {
      title: `Count ${n}`,
      scenes: Array.from({ length: n }, (_, i) => ({ title: `Scene ${i + 1}`, script: `Script ${i + 1}.`, voiceOverText: `Voice ${i + 1}.` })),
    });
    projects[n] = project.id;
  }
});

afterEach(() => vi.restoreAllMocks());

describe("queries per editor page", () => {
  it("/video-projects/:id: the same count for 2 and 30 scenes", async () => {
    const load = (n: number) => run(projectRoute.loader, get(`/video-projects/${projects[n]}`, admin.cookie), { projectId: projects[n] });
    await load(2); // the assistant's chat for the project is made on the first visit
    await load(30);
    const few = await countQueries(() => load(2));
    const many = await countQueries(() => load(30));
    expect((few.result as { open: { scenes: unknown[] } }).open.scenes).toHaveLength(2);
    expect((many.result as { open: { scenes: unknown[] } }).open.scenes).toHaveLength(30);
    expect(many.count).toBe(few.count);
  });
});
