// Prisma CLI configuration (CLI only: the app builds its own client in app/utils/db.server.ts).
// The native schema engine cannot be downloaded on offline machines, so migrations run on the
// WASM schema engine through @prisma/adapter-pg, with three workarounds (the why is in
// docs/decisions/001-offline-prisma-and-embedded-postgres.md): pg_catalog "char"/name columns
// reported as text, long engine timers unref'd so the CLI exits, and a shadow database created
// and dropped from discrete connection fields.
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { defineConfig } from "prisma/config";

const PG_CHAR = 18;
const PG_NAME = 19;
const PG_TEXT = 25;

type QueryResultLike = { fields?: Array<{ dataTypeID: number }> } | undefined;
const asText = (res: QueryResultLike) => {
  for (const field of res?.fields ?? []) {
    if (field.dataTypeID === PG_CHAR || field.dataTypeID === PG_NAME) field.dataTypeID = PG_TEXT;
  }
  return res;
};
const originalQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
// pg.Pool calls client.query with a callback; direct callers get a promise. Patch both.
pg.Client.prototype.query = function patchedQuery(this: pg.Client, ...args: unknown[]) {
  const last = args[args.length - 1];
  if (typeof last === "function") {
    args[args.length - 1] = (err: unknown, res: QueryResultLike) => (last as (e: unknown, r: unknown) => void)(err, asText(res));
    return originalQuery.apply(this, args);
  }
  const result = originalQuery.apply(this, args);
  if (result && typeof (result as Promise<unknown>).then === "function") return (result as Promise<QueryResultLike>).then(asText);
  return result;
} as typeof pg.Client.prototype.query;

const originalSetTimeout = globalThis.setTimeout;
globalThis.setTimeout = ((handler: (...a: unknown[]) => void, ms?: number, ...rest: unknown[]) => {
  const timer = originalSetTimeout(handler, ms, ...rest);
  if ((ms ?? 0) >= 5000) timer.unref?.();
  return timer;
}) as typeof setTimeout;

function connectionFields(url: string) {
  const u = new URL(url);
  return {
    host: decodeURIComponent(u.hostname),
    port: Number(u.port || 5432),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.replace(/^\//, "")),
  };
}

async function makeAdapter() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  const fields = connectionFields(url);
  const factory = new PrismaPg({ connectionString: url, allowExitOnIdle: true });
  return Object.assign(factory, {
    async connectToShadowDb() {
      const name = `prisma_shadow_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
      const admin = new pg.Client({ ...fields, database: "postgres" });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      await admin.end();
      const shadow = await new PrismaPg({ ...fields, database: name, allowExitOnIdle: true }).connect();
      const dispose = shadow.dispose.bind(shadow);
      shadow.dispose = async () => {
        await dispose();
        const dropper = new pg.Client({ ...fields, database: "postgres" });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await dropper.end();
      };
      return shadow;
    },
  });
}

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  adapter: makeAdapter,
});
