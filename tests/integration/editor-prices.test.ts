// The editors' price tags are kept per project and viewer with the version of the rows they were
// computed from (docs/decisions/409-editor-prices-kept-by-version.md): a visit at the same version
// reads only the scenes it shows, and every change to the project or a scene (through the core or
// not) prices them again, so the page always shows what estimateCost gives.
import pg from "pg";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { type Actor, actorFromUser } from "~/models/access";
import { estimateCost } from "~/models/projects/cost-estimates.server";
import { getPricedEditorWorkspace, type PriceTags } from "~/models/projects/priced-workspace.server";
import { getEditorWorkspace } from "~/models/projects/project-workspace.server";
import { createProject, getProjectWithFirstScenes } from "~/models/projects/project.server";
import { currentInputsHash } from "~/models/projects/scene-staleness.server";
import { reorderScenes } from "~/models/projects/scenes.server";
import { prisma } from "~/utils/db.server";
import { seedReferenceData } from "../../prisma/seed";
import { newUser } from "./storage-helpers";

async function statementsOf<T>(fn: () => Promise<T>): Promise<{ result: T; count: number }> {
  const spy = vi.spyOn(pg.Client.prototype, "query");
  try {
    spy.mockClear();
    const result = await fn();
    return { result, count: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}

/** What estimateCost answers for every scene and the compile, as the page's tags. */
async function estimated(actor: Actor, projectId: string): Promise<{ scenes: Record<string, [number, string | null]>; compile: [number, string | null] }> {
  const ids = (await prisma.scene.findMany({ where: { projectId }, orderBy: { sceneOrder: "asc" }, select: { id: true } })).map((s) => s.id);
  const scenes: Record<string, [number, string | null]> = {};
  for (const sceneId of ids) {
    const e = await estimateCost(actor, { projectId, work: { kind: "scene", sceneId } });
    scenes[sceneId] = [e.credits, e.blocked];
  }
  const c = await estimateCost(actor, { projectId, work: { kind: "compile" } });
  return { scenes, compile: [c.credits, c.blocked] };
}

const shown = (tags: PriceTags) => ({
  scenes: Object.fromEntries([...tags.scenes].map(([id, t]) => [id, [t.credits, t.blocked]])),
  compile: tags.compile ? [tags.compile.credits, tags.compile.blocked] : null,
});

let owner: Actor;
let admin: Actor;
let projectId: string;
let sceneIds: string[];

beforeAll(async () => {
  await seedReferenceData();
  owner = actorFromUser({ id: (await newUser()).user.id, isAdmin: false }, "web");
  admin = actorFromUser({ id: (await newUser({ admin: true })).user.id, isAdmin: true }, "web");
  const project = await createProject(owner, {
    title: "Kept prices",
    scenes: Array.from({ length: 12 }, (_, i) => ({ title: `Scene ${i + 1}`, script: `Script ${i + 1}.`, voiceOverText: `Voice ${i + 1}.` })),
  });
  projectId = project.id;
  sceneIds = project.scenes.map((s) => s.id);
  // Scene 2 has an up-to-date voice-over (not priced again); scene 3 a clip its story paid for (free for its owner alone).
  const second = project.scenes[1];
  await prisma.scene.update({
    where: { id: second.id },
    data: { voiceOverUrl: "/v.mp3", voiceOverInputsHash: currentInputsHash("voice-over", second, project) },
  });
  await prisma.scene.update({ where: { id: sceneIds[2] }, data: { clipPaidBy: "story:1" } });
});

describe("the editors' kept price tags (ADR 409)", () => {
  it("gives the first scenes, the whole count and estimateCost's figures for every scene; the next visit reads only its statement", async () => {
    const first = await statementsOf(() => getPricedEditorWorkspace(owner, projectId, 8));
    expect(first.result.scenes.map((s) => s.id)).toEqual(sceneIds.slice(0, 8));
    expect(first.result.sceneCount).toBe(12);
    expect(shown(first.result.prices)).toEqual(await estimated(owner, projectId));
    // A product image is missing: every scene's work and the compile say so.
    expect(first.result.prices.compile?.blocked).toMatch(/product image/i);

    const again = await statementsOf(() => getPricedEditorWorkspace(owner, projectId, 8));
    expect(again.count).toBe(1);
    expect(again.result.prices).toBe(first.result.prices);
    expect(again.result.scenes.map((s) => s.id)).toEqual(sceneIds.slice(0, 8));
    expect(again.result.sceneCount).toBe(12);
    // Every scene asked for: one statement, all of them.
    const all = await statementsOf(() => getPricedEditorWorkspace(owner, projectId, null));
    expect(all.count).toBe(1);
    expect(all.result.scenes).toHaveLength(12);
  });

  it("prices again after a scene's text changes, even written past the core (no updatedAt)", async () => {
    const before = (await getPricedEditorWorkspace(owner, projectId, 8)).prices;
    await prisma.$executeRaw`UPDATE "canvas_scenes" SET "voiceOverText" = 'A new line.' WHERE "id" = ${sceneIds[1]}`;
    const after = await statementsOf(() => getPricedEditorWorkspace(owner, projectId, 8));
    // Read first with its 8 scenes, then whole to price every one.
    expect(after.count).toBe(2);
    expect(after.result.scenes).toHaveLength(8);
    expect(after.result.prices.scenes.get(sceneIds[1])!.credits).toBeGreaterThan(before.scenes.get(sceneIds[1])!.credits);
    expect(after.result.prices.compile!.credits).toBeGreaterThan(before.compile!.credits);
    expect(shown(after.result.prices)).toEqual(await estimated(owner, projectId));
  });

  it("prices again after the project's row changes (its product image)", async () => {
    await getPricedEditorWorkspace(owner, projectId, 8);
    await prisma.$executeRaw`UPDATE "canvas_projects" SET "mainProductImageUrl" = 'project-images/p.png' WHERE "id" = ${projectId}`;
    const after = (await getPricedEditorWorkspace(owner, projectId, 8)).prices;
    expect(after.compile?.blocked).toBeNull();
    expect(shown(after)).toEqual(await estimated(owner, projectId));
  });

  it("keeps each viewer's own figures: the story's paid clip is free for its owner alone", async () => {
    const mine = (await getPricedEditorWorkspace(owner, projectId, 8)).prices;
    const theirs = (await getPricedEditorWorkspace(admin, projectId, 8)).prices;
    expect(theirs.scenes.get(sceneIds[2])!.credits).toBeGreaterThan(mine.scenes.get(sceneIds[2])!.credits);
    expect(shown(mine)).toEqual(await estimated(owner, projectId));
    expect(shown(theirs)).toEqual(await estimated(admin, projectId));
    // And each is kept: the next visits read one statement.
    expect((await statementsOf(() => getPricedEditorWorkspace(owner, projectId, 8))).count).toBe(1);
    expect((await statementsOf(() => getPricedEditorWorkspace(admin, projectId, 8))).count).toBe(1);
  });

  it("a new order, a new or removed scene is a new version; a read or a row lock is not", async () => {
    const version = async () => (await getEditorWorkspace(owner, projectId, 8)).scenesVersion;
    const v1 = await version();
    expect(await version()).toBe(v1);
    await prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT "id" FROM "canvas_scenes" WHERE "projectId" = ${projectId} FOR UPDATE`;
    });
    expect(await version()).toBe(v1);
    const reordered = [sceneIds[1], sceneIds[0], ...sceneIds.slice(2)];
    await reorderScenes(owner, projectId, reordered);
    const v2 = await version();
    expect(v2).not.toBe(v1);
    const page = await getPricedEditorWorkspace(owner, projectId, 8);
    expect(page.scenes.map((s) => s.id)).toEqual(reordered.slice(0, 8));
    await prisma.scene.delete({ where: { id: sceneIds[11] } });
    const v3 = await version();
    expect(v3).not.toBe(v2);
    const fewer = await getPricedEditorWorkspace(owner, projectId, 8);
    expect(fewer.sceneCount).toBe(11);
    expect(fewer.prices.scenes.has(sceneIds[11])).toBe(false);
    expect(shown(fewer.prices)).toEqual(await estimated(owner, projectId));
  });

  it("reads the first scenes as Prisma does (their JSON, types and order)", async () => {
    const read = await getProjectWithFirstScenes(owner, projectId, 3);
    const viaPrisma = await prisma.scene.findMany({ where: { projectId }, orderBy: [{ sceneOrder: "asc" }, { createdAt: "asc" }] });
    expect(read.scenes).toEqual(viaPrisma.slice(0, 3));
    expect((await getProjectWithFirstScenes(owner, projectId, null)).scenes).toEqual(viaPrisma);
    const { scenes, sceneCount, scenesVersion, ...row } = read;
    expect(row).toEqual(await prisma.project.findUniqueOrThrow({ where: { id: projectId } }));
    expect(sceneCount).toBe(viaPrisma.length);
    expect(scenesVersion).toMatch(/^[0-9a-f]{32}$/);
    expect(scenes).toHaveLength(3);
  });

  it("answers a project without scenes, and not found for another user's project", async () => {
    const empty = await createProject(owner, { title: "Empty", scenes: [] });
    const page = await getPricedEditorWorkspace(owner, empty.id, 8);
    expect(page).toMatchObject({ scenes: [], sceneCount: 0 });
    expect(page.prices.compile).toBeNull();
    const stranger = actorFromUser({ id: (await newUser()).user.id, isAdmin: false }, "web");
    await expect(getPricedEditorWorkspace(stranger, projectId, 8)).rejects.toMatchObject({ name: "NotFoundError" });
  });
});
