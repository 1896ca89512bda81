// The one Prisma client of the process (PostgreSQL through @prisma/adapter-pg), and `sqlRows`: a
// hot read sent straight to the same pg pool (docs/decisions/392-hot-reads-on-the-pg-pool.md).
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { Prisma, PrismaClient } from "~/generated/prisma/client";

declare global {
  var __reelforgeDb: { client: PrismaClient; pool: pg.Pool } | undefined;
}

function create(): { client: PrismaClient; pool: pg.Pool } {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  // An idle connection that fails (the database restarted) is dropped by the pool; unheard, its "error"
  // event would end the process. PrismaPg adds its own listener only once Prisma first connects.
  pool.on("error", (error) => console.error("[db] an idle database connection failed:", error.message));
  // $disconnect() ends the pool, as it did when the adapter owned it.
  return { client: new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) }), pool };
}

const db = globalThis.__reelforgeDb ?? (globalThis.__reelforgeDb = create());
export const prisma: PrismaClient = db.client;

const { TIMESTAMP } = pg.types.builtins;
type TypeId = typeof TIMESTAMP;
const TIMESTAMP_ARRAY = 1115;
const TEXT_ARRAY = 1009;
// Prisma stores DateTime as `timestamp(3)` (no zone) in UTC; pg would read it as local time.
const utc = (text: string) => new Date(text.replace(" ", "T") + "Z");
const textArray = pg.types.getTypeParser(TEXT_ARRAY as TypeId, "text") as (text: string) => (string | null)[];
const types = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === TIMESTAMP) return utc;
    if (oid === TIMESTAMP_ARRAY) return (text: string) => textArray(text).map((t) => (t === null ? null : utc(t)));
    return pg.types.getTypeParser(oid as TypeId, format);
  },
} as pg.CustomTypesConfig;

/**
 * Rows of one read-only statement built with `Prisma.sql` (fragments, `Prisma.join`, `Prisma.empty`),
 * sent on the pool Prisma uses without Prisma's query engine: for the reads every page makes, where
 * the engine costs 2-5 times the driver (bench/prisma-cost.ts). Types as `$queryRaw` gives them for the
 * columns such reads select: timestamps as Dates (UTC), json as values, int4/float8 as numbers, enums
 * and text as strings; cast int8 and numeric in the SQL (pg gives them as strings). Dates in `values`
 * are sent as UTC ISO strings.
 */
export async function sqlRows<T>(query: Prisma.Sql): Promise<T[]> {
  const values = query.values.map((v) => (v instanceof Date ? v.toISOString() : v));
  const result = await db.pool.query({ text: query.text, values, types });
  return result.rows as T[];
}

/** A timestamp that json_agg, json_build_object or row_to_json wrote (no zone: stored times are UTC). */
export function utcFromJson(text: string): Date {
  return new Date(`${text}Z`);
}

export { Prisma };
