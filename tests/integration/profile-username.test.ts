// Username rules (docs/product.md#profile-settings): trimmed; not empty; at least 3 characters;
// different from the current one; unique among other users, finally by the database's unique index.
import { describe, expect, it } from "vitest";
import { getProfile, updateUsername } from "~/models/access/profile.server";
import { prisma } from "~/utils/db.server";
import { uid } from "./payments-helpers";
import { actorOf } from "./dashboard-helpers";

async function newUser(username: string | null = null, withProfile = true) {
  return prisma.user.create({
    data: { email: `${uid("prof")}@test.local`, ...(withProfile ? { profile: { create: { username } } } : {}) },
  });
}

describe("updating the username", () => {
  it("rejects an empty or blank name", async () => {
    const user = await newUser();
    expect(await updateUsername(actorOf(user.id), "")).toEqual({ ok: false, error: "empty", message: "Username cannot be empty" });
    expect(await updateUsername(actorOf(user.id), "   ")).toEqual({ ok: false, error: "empty", message: "Username cannot be empty" });
    expect(await updateUsername(actorOf(user.id), null)).toMatchObject({ ok: false, error: "empty" });
  });

  it("needs at least 3 characters after trimming", async () => {
    const user = await newUser();
    expect(await updateUsername(actorOf(user.id), "ab")).toEqual({ ok: false, error: "tooShort", message: "Username must be at least 3 characters long" });
    expect(await updateUsername(actorOf(user.id), "  ab  ")).toMatchObject({ ok: false, error: "tooShort" });
    expect(await updateUsername(actorOf(user.id), "abc")).toMatchObject({ ok: true });
  });

  it("says there is nothing to save when the trimmed name is the current one", async () => {
    const name = uid("same");
    const user = await newUser(name);
    expect(await updateUsername(actorOf(user.id), `  ${name} `)).toEqual({ ok: false, error: "unchanged", message: "No changes to save" });
  });

  it("refuses a name another user has", async () => {
    const name = uid("taken");
    await newUser(name);
    const user = await newUser("mine");
    expect(await updateUsername(actorOf(user.id), name)).toEqual({ ok: false, error: "taken", message: "Username is already taken" });
    expect((await getProfile(actorOf(user.id))).username).toBe("mine");
  });

  it("saves the trimmed name and answers with the documented success text", async () => {
    const user = await newUser(null);
    const name = uid("new");
    expect(await updateUsername(actorOf(user.id), `  ${name}  `)).toEqual({ ok: true, username: name, message: "Profile updated successfully" });
    expect((await getProfile(actorOf(user.id))).username).toBe(name);
  });

  it("creates the profile row when a user has none yet", async () => {
    const user = await newUser(null, false);
    const name = uid("first");
    expect(await updateUsername(actorOf(user.id), name)).toMatchObject({ ok: true });
    expect((await getProfile(actorOf(user.id))).username).toBe(name);
  });

  it("rejects absurdly long names and control characters as invalid", async () => {
    const user = await newUser();
    expect(await updateUsername(actorOf(user.id), "x".repeat(51))).toEqual({ ok: false, error: "invalid", message: "Please enter a valid username" });
    expect(await updateUsername(actorOf(user.id), "bad\u0007name")).toMatchObject({ ok: false, error: "invalid" });
  });

  it("many users racing for one name: exactly one gets it, the database decides", async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => newUser()));
    const name = uid("race");
    const results = await Promise.all(users.map((u) => updateUsername(actorOf(u.id), name)));
    const winners = results.filter((r) => r.ok);
    expect(winners).toHaveLength(1);
    for (const r of results.filter((x) => !x.ok)) {
      expect(r).toMatchObject({ ok: false });
      expect(["Username is already taken", "This username is already taken. Please choose another one."]).toContain(r.message);
    }
    expect(await prisma.profile.count({ where: { username: name } })).toBe(1);
  });

  it("maps the unique index's refusal to the documented message", async () => {
    // Two users whose check passes at the same moment: the second write hits the index.
    const name = uid("idx");
    const a = await newUser();
    const b = await newUser();
    const original = prisma.profile.findFirst.bind(prisma.profile);
    let calls = 0;
    // Make the pre-check miss for the second user, as in a real race between check and write.
    (prisma.profile as unknown as { findFirst: typeof original }).findFirst = (async (args: Parameters<typeof original>[0]) => {
      calls += 1;
      return calls === 2 ? null : original(args);
    }) as typeof original;
    try {
      expect(await updateUsername(actorOf(a.id), name)).toMatchObject({ ok: true });
      expect(await updateUsername(actorOf(b.id), name)).toEqual({
        ok: false,
        error: "takenRace",
        message: "This username is already taken. Please choose another one.",
      });
    } finally {
      (prisma.profile as unknown as { findFirst: typeof original }).findFirst = original;
    }
    expect((await getProfile(actorOf(b.id))).username).toBeNull();
  });
});

// Issue 8 §7, ADR 127: names are normalised before the rules, compared ignoring case.
describe("normalised usernames", () => {
  it("a name of zero-width characters only is empty", async () => {
    const user = await newUser();
    for (const invisible of ["\u200B\u200B\u200B", "\u200B\u200C\u200D\u2060\uFEFF", "\u3164\u3164\u3164", " \u00AD\u2800 "]) {
      expect(await updateUsername(actorOf(user.id), invisible)).toMatchObject({ ok: false, error: "empty" });
    }
    expect((await getProfile(actorOf(user.id))).username).toBeNull();
  });

  it("a look-alike with a trailing zero-width space, or in full-width letters, is the same name", async () => {
    const name = uid("look");
    await newUser(name);
    const user = await newUser();
    expect(await updateUsername(actorOf(user.id), `${name}\u200B`)).toMatchObject({ ok: false, error: "taken" });
    const fullWidth = [...name].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join("");
    expect(await updateUsername(actorOf(user.id), fullWidth)).toMatchObject({ ok: false, error: "taken" });
    expect(await updateUsername(actorOf(user.id), `\u202E${name}`)).toMatchObject({ ok: false, error: "taken" });
  });

  it("names that differ only in case are the same name", async () => {
    const name = uid("Case");
    await newUser(name);
    const user = await newUser();
    expect(await updateUsername(actorOf(user.id), name.toUpperCase())).toMatchObject({ ok: false, error: "taken" });
    expect(await updateUsername(actorOf(user.id), name.toLowerCase())).toMatchObject({ ok: false, error: "taken" });
  });

  it("stores the normalised name; its owner may change its case", async () => {
    const user = await newUser();
    const name = uid("norm");
    expect(await updateUsername(actorOf(user.id), `\u200B  ${name}\u200B  `)).toEqual({ ok: true, username: name, message: "Profile updated successfully" });
    expect((await getProfile(actorOf(user.id))).username).toBe(name);
    expect(await updateUsername(actorOf(user.id), `${name}\uFEFF`)).toMatchObject({ ok: false, error: "unchanged" });
    expect(await updateUsername(actorOf(user.id), name.toUpperCase())).toMatchObject({ ok: true, username: name.toUpperCase() });
  });

  it("the length rules count visible characters", async () => {
    const user = await newUser();
    expect(await updateUsername(actorOf(user.id), "ab\u200B\u200B")).toMatchObject({ ok: false, error: "tooShort" });
    expect(await updateUsername(actorOf(user.id), `${"x".repeat(50)}\u200B\u200B`)).toMatchObject({ ok: true });
  });

  it("the database key refuses a case or invisible-character duplicate written by any path", async () => {
    const name = uid("dbkey");
    await newUser(name);
    await expect(newUser(name.toUpperCase())).rejects.toThrow();
    await expect(newUser(`${name}\u200B`)).rejects.toThrow();
    const row = await prisma.profile.findFirstOrThrow({ where: { username: name } });
    expect(row.usernameKey).toBe(name.toLowerCase());
  });

  it("racing for names that differ only in case: exactly one wins", async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => newUser()));
    const name = uid("Racecase");
    const variants = [name, name.toUpperCase(), name.toLowerCase(), `${name}\u200B`, `\u200D${name}`, ` ${name} `];
    const results = await Promise.all(users.map((u, i) => updateUsername(actorOf(u.id), variants[i])));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await prisma.profile.count({ where: { usernameKey: name.toLowerCase() } })).toBe(1);
  });
});
