// Sign-in throttling (issue 8 §4, ADR 125): attempts are reserved in PostgreSQL before the
// password is checked, per account, per client network and for the whole site; waits grow
// instead of locking the owner out; a success clears the account's count.
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { accountThrottleKey, networkThrottleKey, reserveSignInAttempt, SIGN_IN_BUDGETS, signInSucceeded } from "~/models/access";
import { action as loginAction } from "~/routes/auth.login";
import { action as signupAction } from "~/routes/auth.signup";
import { prisma } from "~/utils/db.server";
import { startLiveServer, type LiveServer } from "../support/live-server";
import { call, formRequest, uniqueEmail } from "./auth-helpers";

const PASSWORD = "s3cret-password";
const ACCOUNT = SIGN_IN_BUDGETS.account;
const NETWORK = SIGN_IN_BUDGETS.network;

/** A documentation-range address of its own for every test, so tests do not share a budget. */
const uniqueIp = () => `198.51.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

async function signUp(email: string) {
  const res = await call(signupAction, formRequest("/auth/signup", { intent: "signup", email, password: PASSWORD }));
  expect(res.status).toBe(302);
}

function signIn(email: string, password: string, ip: string) {
  return call(loginAction, formRequest("/auth/login", { intent: "login", email, password }), { clientIp: ip });
}

const formError = (res: { body: unknown }) => (res.body as { formError?: string }).formError ?? "";

/** Was the password checked? 401: checked and wrong; 302: checked and right; 429: refused first. */
const checked = (statuses: number[]) => statuses.filter((s) => s === 401 || s === 302).length;

/**
 * Waits grow from 1 second, so a burst that a busy test machine spreads over more than a second
 * would rightly let a sixth attempt through: the bursts run at one frozen instant (Date only;
 * the live server runs in this process and sees the same clock).
 */
function freezeClock() {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now());
}

afterEach(() => {
  vi.useRealTimers();
});

describe("concurrent guesses on one account", () => {
  it.each([30, 100])("%i at once: at most the free budget is checked, and the right password among the later ones is refused", async (n) => {
    const email = uniqueEmail("burst");
    await signUp(email);
    const ip = uniqueIp();
    freezeClock();
    const attempts = Array.from({ length: n }, (_, i) => (i === n - 1 ? PASSWORD : `wrong-${i}`));
    const results = await Promise.all(attempts.map((password) => signIn(email, password, ip)));
    const statuses = results.map((r) => r.status);

    expect(checked(statuses)).toBeLessThanOrEqual(ACCOUNT.free);
    expect(statuses.filter((s) => s === 429)).toHaveLength(n - checked(statuses));
    const right = results[n - 1];
    expect(right.status).toBe(429);
    expect(formError(right)).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ seconds?\.$/);
    expect(right.headers.get("Set-Cookie")).toBeNull();
  });

  it("holds on the wire too: 30 parallel posts to /auth/login, at most the budget checked", async () => {
    const email = uniqueEmail("wire");
    await signUp(email);
    const ip = uniqueIp();
    // The first requests to a fresh server load the app; they are not part of the burst.
    await (await fetch(`${live.url}/auth/login`)).arrayBuffer();
    freezeClock();
    const body = (password: string) => new URLSearchParams({ intent: "login", email, password }).toString();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        fetch(`${live.url}/auth/login`, {
          method: "POST",
          // Proxies are trusted on loopback (server/app.ts): this run's own client address.
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: live.url, "X-Forwarded-For": ip },
          body: body(i === 29 ? PASSWORD : `wrong-${i}`),
          redirect: "manual",
        }).then(async (r) => (await r.arrayBuffer(), r.status)),
      ),
    );
    expect(checked(results)).toBeLessThanOrEqual(ACCOUNT.free);
    expect(results[29]).toBe(429);
  });

  it("counts in the database: the core's reservation lets exactly the free budget through", async () => {
    const email = uniqueEmail("core").toLowerCase();
    const now = new Date();
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => reserveSignInAttempt({ email, ip: `203.0.113.${i}` }, { now })));
    expect(results.filter((r) => r.ok)).toHaveLength(ACCOUNT.free);
    expect(results.filter((r) => !r.ok && r.scope === "account")).toHaveLength(40 - ACCOUNT.free);
    const row = await prisma.signInThrottle.findUniqueOrThrow({ where: { key: accountThrottleKey(email) } });
    expect(row.failures).toBe(ACCOUNT.free);
  });
});

describe("the owner is slowed, not locked out", () => {
  it("after 10 wrong passwords the owner waits seconds, not 15 minutes; each further failure doubles the wait", async () => {
    const email = uniqueEmail("owner");
    await signUp(email);
    const ip = uniqueIp();
    vi.useFakeTimers({ toFake: ["Date"] });
    let t = Date.now();
    vi.setSystemTime(t);

    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      let res = await signIn(email, `wrong-${i}`, ip);
      if (res.status === 429) {
        const seconds = Number(/in (\d+) seconds?/.exec(formError(res))?.[1]);
        waits.push(seconds);
        t += seconds * 1000;
        vi.setSystemTime(t);
        res = await signIn(email, `wrong-${i}`, ip);
      }
      expect(res.status).toBe(401);
    }
    // The first five go straight through; then 1, 2, 4, 8, 16 seconds.
    expect(waits).toEqual([1, 2, 4, 8, 16]);

    // Right after the tenth failure even the right password waits, and is told how long.
    const refused = await signIn(email, PASSWORD, ip);
    expect(refused.status).toBe(429);
    expect(formError(refused)).toBe("Too many failed sign-in attempts. Please try again in 32 seconds.");
    // A refused attempt does not make the wait longer.
    expect(formError(await signIn(email, PASSWORD, ip))).toBe("Too many failed sign-in attempts. Please try again in 32 seconds.");

    vi.setSystemTime(t + 32_000);
    const ok = await signIn(email, PASSWORD, ip);
    expect(ok.status).toBe(302);

    // The success cleared the account: five wrong tries pass again without any wait.
    for (let i = 0; i < ACCOUNT.free; i++) expect((await signIn(email, `again-${i}`, ip)).status).toBe(401);
  });

  it("counts for unknown e-mail addresses the same way (no hint which accounts exist)", async () => {
    const ip = uniqueIp();
    const email = uniqueEmail("nobody");
    const results = [];
    for (let i = 0; i < ACCOUNT.free + 1; i++) results.push((await signIn(email, `guess-${i}`, ip)).status);
    expect(results).toEqual([...Array(ACCOUNT.free).fill(401), 429]);
  });
});

describe("per network", () => {
  it("one address spraying 30 accounts is slowed after the network's free budget", async () => {
    const ip = uniqueIp();
    const accounts = Array.from({ length: 30 }, () => uniqueEmail("spray"));
    const statuses: number[] = [];
    const messages: string[] = [];
    for (const email of accounts) {
      const res = await signIn(email, "Password1!", ip);
      statuses.push(res.status);
      messages.push(formError(res));
    }
    expect(statuses.slice(0, NETWORK.free)).toEqual(Array(NETWORK.free).fill(401));
    expect(statuses.slice(NETWORK.free)).toEqual(Array(30 - NETWORK.free).fill(429));
    expect(messages[NETWORK.free]).toMatch(/^Too many failed sign-in attempts from your network\. Please try again in \d+ seconds?\.$/);

    // The sprayed accounts were not charged for the refused attempts; another network is unaffected.
    const fresh = accounts[accounts.length - 1];
    expect((await signIn(fresh, "Password1!", uniqueIp())).status).toBe(401);
  });

  it("a success from the network gives back only its own slot (a known password cannot launder guesses)", async () => {
    const ip = uniqueIp();
    const mine = uniqueEmail("mine");
    await signUp(mine);
    for (let i = 0; i < NETWORK.free; i++) {
      expect((await signIn(uniqueEmail("victim"), "guess", ip)).status).toBe(401);
      if (i < NETWORK.free - 1) expect((await signIn(mine, PASSWORD, ip)).status).toBe(302);
    }
    expect((await signIn(uniqueEmail("victim"), "guess", ip)).status).toBe(429);
  });
});

describe("the site-wide budget", () => {
  it("refuses every attempt once the window's budget is spent, until the window passes", async () => {
    const globalKey = `global-test-${randomBytes(4).toString("hex")}`;
    const budgets = { global: { max: 3, windowMs: 60_000 } };
    const now = new Date();
    const take = (i: number, at = now) => reserveSignInAttempt({ email: `g${i}-${globalKey}@test.local`, ip: `192.0.2.${i}` }, { now: at, budgets, globalKey });
    for (let i = 0; i < 3; i++) expect((await take(i)).ok).toBe(true);
    const refused = await take(3);
    expect(refused).toEqual({ ok: false, scope: "global", retryAfterSeconds: 60 });
    // The refused attempt's account and network buckets were given back.
    const failuresOf = async (key: string) => (await prisma.signInThrottle.findUniqueOrThrow({ where: { key } })).failures;
    expect(await failuresOf(accountThrottleKey(`g3-${globalKey}@test.local`))).toBe(0);
    expect(await failuresOf(networkThrottleKey("192.0.2.3"))).toBe(0);
    const fourth = await take(3, new Date(now.getTime() + 60_000));
    expect(fourth.ok).toBe(true);
    if (fourth.ok) await signInSucceeded(fourth.reservation);
  });
});

let live: LiveServer;
beforeAll(async () => {
  live = await startLiveServer();
});
afterAll(async () => {
  await live?.close();
});
