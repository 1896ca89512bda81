// The one Prisma client of the process (PostgreSQL through @prisma/adapter-pg), and `sqlRows`: a
// hot read sent straight to the same pg pool (docs/decisions/392-hot-reads-on-the-pg-pool.md).
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { Prisma, PrismaClient } from "~/generated/prisma/client";

declare global {
  var __reelforgeDb: Db | undefined;
}

/** The client, its pool and the names of the statements prepared on the pool's connections. */
type Db = { client: PrismaClient; pool: pg.Pool; statements: { names: Map<string, string>; named: number } };

function create(): Db {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  // An idle connection that fails (the database restarted) is dropped by the pool; unheard, its "error"
  // event would end the process. PrismaPg adds its own listener only once Prisma first connects.
  pool.on("error", (error) => console.error("[db] an idle database connection failed:", error.message));
  // $disconnect() ends the pool, as it did when the adapter owned it.
  return { client: new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) }), pool, statements: { names: new Map(), named: 0 } };
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
  const { text } = query;
  try {
    return (await db.pool.query({ name: statementName(text), text, values, types })).rows as T[];
  } catch (error) {
    // The table's columns changed under a statement prepared before (a migration while this
    // process ran): PostgreSQL refuses the old plan's row type. Prepared again under a new name.
    if (!isStalePreparedStatement(error) || !db.statements.names.delete(text)) throw error;
    return (await db.pool.query({ name: statementName(text), text, values, types })).rows as T[];
  }
}

/**
 * Each distinct text is a named prepared statement (docs/decisions/408-hot-reads-prepared.md): a
 * connection parses it once and PostgreSQL plans it once, where an unnamed statement is parsed and
 * planned on every call (0.45 of the session read's 0.5 ms of server CPU). The texts come from code,
 * not from input; the cap bounds what a connection keeps should a caller build texts from data.
 * DATABASE_PREPARED_STATEMENTS=off sends them unnamed (a pooler that cannot keep them). The names
 * live with the pool, whose connections keep them, should this module be loaded again (dev reloads).
 */
const PREPARED_TEXT_LIMIT = 200;
const prepares = process.env.DATABASE_PREPARED_STATEMENTS !== "off";

function statementName(text: string): string | undefined {
  if (!prepares) return undefined;
  const { statements } = db;
  let name = statements.names.get(text);
  if (name === undefined && statements.named < PREPARED_TEXT_LIMIT) statements.names.set(text, (name = `rf_${++statements.named}`));
  return name;
}

function isStalePreparedStatement(error: unknown): boolean {
  return (error as { code?: unknown })?.code === "0A000" && /cached plan must not change result type/.test(String((error as Error).message));
}

/** A timestamp that json_agg, json_build_object or row_to_json wrote (no zone: stored times are UTC). */
export function utcFromJson(text: string): Date {
  return new Date(`${text}Z`);
}

export { Prisma };
