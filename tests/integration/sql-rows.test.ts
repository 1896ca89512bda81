// sqlRows (app/utils/db.server.ts, docs/decisions/392-hot-reads-on-the-pg-pool.md): a read sent
// straight to the pg pool gives the values `$queryRaw` and Prisma's own reads give, whatever the
// process's time zone, and takes Date parameters as UTC; each text is a named prepared statement
// (docs/decisions/408-hot-reads-prepared.md).
import { afterAll, describe, expect, it, vi } from "vitest";
import { listPlans } from "~/models/billing/plans.server";
import { listVoices } from "~/models/generation/voices.server";
import { listShowcaseVideos } from "~/models/stories/showcase.server";
import { listStoryTypes } from "~/models/stories/story-types.server";
import { Prisma, prisma, sqlRows } from "~/utils/db.server";
import { seedReferenceData } from "../../prisma/seed";
import { newUser } from "./dashboard-helpers";

const zone = process.env.TZ;
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe("sqlRows", () => {
  it("reads timestamps, arrays, json, enums and numbers as $queryRaw does", async () => {
    const user = await newUser();
    const createdAt = new Date("2026-03-29T01:30:00.123Z");
    const story = await prisma.story.create({
      data: {
        userId: user.id,
        source: "An idea",
        instagramHashtags: ["#a", "#b"],
        captions: { style: "boxed" },
        status: "processing",
        createdAt,
      },
    });
    const query = Prisma.sql`SELECT "id", "createdAt", "instagramHashtags", "captions", "status"::text AS "status", "creditsCharged"::float8 AS "credits",
      ARRAY["createdAt", "createdAt" + interval '1 hour'] AS "times"
      FROM "stories" WHERE "id" = ${story.id} AND "createdAt" = ${createdAt}`;
    // Another zone for the process than the database's: a timestamp without a zone is still UTC.
    process.env.TZ = "Asia/Kolkata";
    const [row] = await sqlRows<Record<string, unknown>>(query);
    const [raw] = await prisma.$queryRaw<Record<string, unknown>[]>(query);
    expect(row).toEqual(raw);
    expect(row).toEqual({
      id: story.id,
      createdAt,
      instagramHashtags: ["#a", "#b"],
      captions: { style: "boxed" },
      status: "processing",
      credits: 0,
      times: [createdAt, new Date(createdAt.getTime() + 3_600_000)],
    });
  });

  it("finds nothing for a Date a zone away", async () => {
    process.env.TZ = "America/New_York";
    const user = await newUser();
    const createdAt = new Date("2026-05-01T10:00:00.000Z");
    const story = await prisma.story.create({ data: { userId: user.id, source: "x", instagramHashtags: [], createdAt } });
    const at = (d: Date) => sqlRows<{ id: number }>(Prisma.sql`SELECT "id" FROM "stories" WHERE "id" = ${story.id} AND "createdAt" >= ${d}`);
    expect(await at(createdAt)).toEqual([{ id: story.id }]);
    expect(await at(new Date(createdAt.getTime() + 1))).toEqual([]);
  });

  it("the public pages' lists read raw are Prisma's: plans, voices, Styles, the showcase", async () => {
    // Only rows other tests expect to see: this database is shared by the test files running beside this one.
    await seedReferenceData();
    const plans = await prisma.plan.findMany({ where: { active: true }, orderBy: [{ sortOrder: "asc" }, { price: "asc" }] });
    expect(plans.length).toBeGreaterThan(0);
    expect(await listPlans()).toEqual(
      plans.map((p) => ({ id: p.id, name: p.name, credits: p.credits, price: Number(p.price.toString()), billing: p.billing, features: p.features })),
    );
    expect(await listVoices()).toEqual(await prisma.voice.findMany({ select: { id: true, name: true }, orderBy: { id: "asc" } }));
    expect(await listStoryTypes()).toEqual(await prisma.storyType.findMany({ select: { id: true, name: true }, orderBy: { id: "asc" } }));
    const showcase = await prisma.showcaseVideo.findMany({ orderBy: [{ displayOrder: "asc" }, { createdAt: "desc" }], take: 12 });
    expect((await listShowcaseVideos()).map((v) => [v.id, v.title, v.description, v.category])).toEqual(
      showcase.map((v) => [v.id, v.title, v.description, v.category]),
    );
  });

  // The pool hands back the connection released last, so a read right after another runs on its connection.
  const preparedTexts = async () =>
    (await sqlRows<{ statement: string }>(Prisma.sql`SELECT "statement" FROM pg_prepared_statements WHERE "name" LIKE 'rf\_%'`)).map((r) => r.statement);

  it("prepares each text once per connection, under one name, and reads through it the next time", async () => {
    const marker = `prepared-${Date.now()}`;
    const query = (n: number) => Prisma.sql`SELECT ${n}::int AS "n", ${marker}::text AS "marker"`;
    expect(await sqlRows(query(1))).toEqual([{ n: 1, marker }]);
    const texts = await preparedTexts();
    expect(texts.filter((t) => t === query(1).text)).toHaveLength(1);
    expect(await sqlRows(query(2))).toEqual([{ n: 2, marker }]);
    expect((await preparedTexts()).filter((t) => t === query(1).text)).toHaveLength(1);
  });

  it("reads a table whose columns changed after its statement was prepared (a migration while the app runs)", async () => {
    const table = Prisma.raw(`"prepared_probe_${process.pid}_${Date.now()}"`);
    await prisma.$executeRaw`CREATE TABLE ${table} ("a" int)`;
    try {
      await prisma.$executeRaw`INSERT INTO ${table} VALUES (1)`;
      const read = () => sqlRows<Record<string, unknown>>(Prisma.sql`SELECT * FROM ${table}`);
      expect(await read()).toEqual([{ a: 1 }]);
      await prisma.$executeRaw`ALTER TABLE ${table} ADD COLUMN "b" text DEFAULT 'x'`;
      expect(await read()).toEqual([{ a: 1, b: "x" }]);
      expect(await read()).toEqual([{ a: 1, b: "x" }]);
    } finally {
      await prisma.$executeRaw`DROP TABLE ${table}`;
    }
  });

  it("sends texts unnamed with DATABASE_PREPARED_STATEMENTS=off", async () => {
    vi.stubEnv("DATABASE_PREPARED_STATEMENTS", "off");
    vi.resetModules();
    try {
      const fresh = await import("~/utils/db.server");
      const marker = `unnamed-${Date.now()}`;
      const query = fresh.Prisma.sql`SELECT ${marker}::text AS "marker"`;
      expect(await fresh.sqlRows(query)).toEqual([{ marker }]);
      expect(await preparedTexts()).not.toContain(query.text);
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });

  it("hears an idle connection's failure (logged; the pool drops it) instead of letting it end the process", () => {
    const pool = globalThis.__reelforgeDb!.pool;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(() => pool.emit("error", new Error("terminating connection due to administrator command"))).not.toThrow();
      expect(logged).toHaveBeenCalledWith("[db] an idle database connection failed:", "terminating connection due to administrator command");
    } finally {
      logged.mockRestore();
    }
  });
});
