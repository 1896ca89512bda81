// The usernames migration (ADR 127) on a database that already holds names which the new rules
// make equal: it must normalise them and keep every account, with no name shared.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropDatabase, ensureDatabaseExists } from "../../server/database.ts";

const MIGRATION = "20261124120200_username_key";
const migrations = path.resolve(import.meta.dirname, "../../prisma/migrations");
const sqlOf = (dir: string) => readFileSync(path.join(migrations, dir, "migration.sql"), "utf8");

let url = "";
let client: pg.Client;

beforeAll(async () => {
  const u = new URL(process.env.DATABASE_URL!);
  u.pathname = `/${u.pathname.slice(1)}_usernames`;
  url = u.toString();
  await ensureDatabaseExists(url);
  client = new pg.Client({ connectionString: url });
  await client.connect();
  const before = readdirSync(migrations)
    .filter((d) => /^\d{14}_/.test(d) && d < MIGRATION)
    .sort();
  for (const dir of before) await client.query(sqlOf(dir));
});

afterAll(async () => {
  await client?.end();
  if (url) await dropDatabase(url);
});

async function addUser(id: string, username: string | null, minute: number) {
  const at = new Date(Date.UTC(2026, 0, 1, 0, minute));
  await client.query(`INSERT INTO users (id, email, "createdAt", "updatedAt") VALUES ($1, $2, $3, $3)`, [id, `${id}@test.local`, at]);
  await client.query(`INSERT INTO profiles ("userId", username, "createdAt", "updatedAt") VALUES ($1, $2, $3, $3)`, [id, username, at]);
}

describe(`migration ${MIGRATION}`, () => {
  it("normalises existing names, renames later duplicates, empties invisible-only names, then enforces the key", async () => {
    await addUser("user_alice_first", "alice", 1);
    await addUser("user_alice_upper", "Alice", 2);
    await addUser("user_alice_zwsp", "alice\u200B", 3);
    await addUser("user_invisible", "\u200B\u200B\u200B", 4);
    await addUser("user_bob_wide", "ｂｏｂ", 5);
    await addUser("user_carol", "Carol Smith", 6);
    await addUser("user_nobody", null, 7);

    await client.query(sqlOf(MIGRATION));

    const { rows } = await client.query<{ userId: string; username: string | null; usernameKey: string | null }>(
      `SELECT "userId", username, "usernameKey" FROM profiles ORDER BY "createdAt"`,
    );
    expect(rows).toEqual([
      { userId: "user_alice_first", username: "alice", usernameKey: "alice" },
      { userId: "user_alice_upper", username: "Alice-_upper", usernameKey: "alice-_upper" },
      { userId: "user_alice_zwsp", username: "alice-e_zwsp", usernameKey: "alice-e_zwsp" },
      { userId: "user_invisible", username: null, usernameKey: null },
      { userId: "user_bob_wide", username: "bob", usernameKey: "bob" },
      { userId: "user_carol", username: "Carol Smith", usernameKey: "carol smith" },
      { userId: "user_nobody", username: null, usernameKey: null },
    ]);

    // From now on the database refuses a duplicate whoever writes it.
    await client.query(`INSERT INTO users (id, email, "createdAt", "updatedAt") VALUES ('user_late', 'late@test.local', now(), now())`);
    await expect(
      client.query(`INSERT INTO profiles ("userId", username, "createdAt", "updatedAt") VALUES ('user_late', $1, now(), now())`, ["CAROL\u00A0 smith\u200D"]),
    ).rejects.toThrow(/profiles_usernameKey_key/);
  });
});
