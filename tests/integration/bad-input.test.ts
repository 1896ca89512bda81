// The bad-input reproductions of issue 8 §1, each on the wire against the real server: every
// one answered 500 before; now each gets a 4xx with a message and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { startLiveServer, type LiveServer } from "../support/live-server";
import { form, send, signedInUser, snapshot, uid, type TestUser } from "./http-helpers";

let live: LiveServer;
let me: TestUser;

beforeAll(async () => {
  live = await startLiveServer();
  me = await signedInUser({ credits: 100 });
});
afterAll(() => live.close());

async function unchanged(run: () => Promise<void>) {
  const before = await snapshot(me.id);
  await run();
  expect(await snapshot(me.id)).toEqual(before);
}

describe("NUL bytes never reach PostgreSQL", () => {
  it.each(["/?q=%00", "/?q=a%00b", "/explore?q=%00"])("GET %s answers 400 with a message", async (path) => {
    const res = await send(live, path, { cookie: me.cookie });
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/not allowed|invalid/i);
  });

  it("the notification action refuses a NUL id", async () => {
    await unchanged(async () => {
      const res = await send(live, "/notifications.data", { method: "POST", cookie: me.cookie, ...form({ intent: "read", id: "\0" }) });
      expect(res.status).toBe(400);
    });
  });

  it.each(["image", "video", "story"])("the visibility action refuses a NUL %s id", async (kind) => {
    await unchanged(async () => {
      const res = await send(live, "/_root.data?index", {
        method: "POST",
        cookie: me.cookie,
        ...form({ intent: "visibility", kind, id: "a\0b", visibility: "public" }),
      });
      expect(res.status).toBe(400);
    });
  });

  it("the announcement action refuses a NUL id (it would be written into the session row)", async () => {
    const res = await send(live, "/_root.data?index", { method: "POST", cookie: me.cookie, ...form({ intent: "dismiss-announcement", id: "x\0" }) });
    expect(res.status).toBe(400);
    // The session still works.
    expect((await send(live, "/notifications.data", { cookie: me.cookie })).status).toBe(200);
  });

  it.each(["success", "failure"])("the payment %s callback answers 400 to txnid=%%00 and grants nothing", async (endpoint) => {
    await unchanged(async () => {
      const res = await send(live, `/api/payments/payu/${endpoint}`, {
        method: "POST",
        body: "txnid=%00&status=success&key=x&hash=y",
        contentType: "application/x-www-form-urlencoded",
      });
      expect(res.status).toBe(400);
      expect(res.text).toMatch(/payment/i);
    });
  });

  it("the payment callback answers 400 to a NUL in any field (the payload is stored as JSON)", async () => {
    const res = await send(live, "/api/payments/payu/success", { method: "POST", ...form({ txnid: `RF${uid()}`, status: "success", field9: "a\0b" }) });
    expect(res.status).toBe(400);
  });

  it("create-video refuses a NUL in the script before charging", async () => {
    await unchanged(async () => {
      const res = await send(live, "/create-video.data", {
        method: "POST",
        cookie: me.cookie,
        ...form({ script: "Buy our\0 shoes today, they are great.", _enhanced: "1", requestId: crypto.randomUUID() }),
      });
      expect(res.status).toBe(400);
      expect(res.text).toMatch(/Your script contains characters that are not allowed/);
    });
  });

  it("the plans page refuses a NUL txnid", async () => {
    const res = await send(live, "/plans?payment=success&txnid=%00", { cookie: me.cookie });
    expect(res.status).toBe(400);
  });
});

describe("integers beyond int4", () => {
  it("create-video answers 400 to voiceId=99999999999", async () => {
    await unchanged(async () => {
      const res = await send(live, "/create-video.data", {
        method: "POST",
        cookie: me.cookie,
        ...form({ script: "A fine script about shoes that sell themselves.", voiceId: "99999999999", _enhanced: "1", requestId: crypto.randomUUID() }),
      });
      expect(res.status).toBe(400);
      expect(res.text).toContain("Please choose a voice");
    });
  });

  it("the visibility action answers 400 to story id=9999999999", async () => {
    await unchanged(async () => {
      const res = await send(live, "/_root.data?index", {
        method: "POST",
        cookie: me.cookie,
        ...form({ intent: "visibility", kind: "story", id: "9999999999", visibility: "public" }),
      });
      expect(res.status).toBe(400);
    });
  });
});

describe("bodies that are not forms", () => {
  const actions = [
    "/notifications.data",
    "/_root.data?index",
    "/plans.data",
    "/settings.data",
    "/auth/login.data",
    "/auth/signup.data",
    "/create-video.data",
    "/payment.data",
    "/api/payments/payu/success",
  ];

  it.each(actions)("JSON to %s answers 415", async (path) => {
    await unchanged(async () => {
      const res = await send(live, path, { method: "POST", cookie: me.cookie, body: JSON.stringify({ intent: "read-all" }), contentType: "application/json" });
      expect(res.status).toBe(415);
      expect(res.text).toMatch(/form/i);
    });
  });

  it.each(actions)("text/plain to %s answers 415", async (path) => {
    const res = await send(live, path, { method: "POST", cookie: me.cookie, body: "intent=read-all", contentType: "text/plain" });
    expect(res.status).toBe(415);
  });

  it.each(actions.filter((p) => !/create-video|settings/.test(p)))("a broken multipart body to %s answers 400", async (path) => {
    const res = await send(live, path, {
      method: "POST",
      cookie: me.cookie,
      body: '--XYZ\r\nContent-Disposition: form-data; name="intent"\r\n\r\nread-all\r\n--XY',
      contentType: "multipart/form-data; boundary=XYZ",
    });
    expect(res.status).toBe(400);
  });

  it("a document POST (not .data) of JSON gets the 415 page with the message", async () => {
    const res = await send(live, "/notifications", { method: "POST", cookie: me.cookie, body: "{}", contentType: "application/json" });
    expect(res.status).toBe(415);
    expect(res.text).toMatch(/form/i);
  });
});

describe("CR and LF in redirectTo", () => {
  it("sign-in with redirectTo containing CRLF signs in and goes home, no header injection", async () => {
    const email = `${uid("crlf")}@test.local`;
    const signup = await send(live, "/auth/signup", {
      method: "POST",
      ...form({ intent: "signup", email, password: "a-good-password-1", redirectTo: "/x\r\nSet-Cookie: evil=1" }),
    });
    expect(signup.status).toBeLessThan(500);
    expect(signup.headers.get("location")).toBe("/");
    const res = await send(live, "/auth/login", {
      method: "POST",
      ...form({ email, password: "a-good-password-1", redirectTo: "/x\r\nSet-Cookie: evil=1" }),
    });
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get("location")).toBe("/");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("evil"))).toBe(false);
  });

  it("the dashboard action with redirectTo containing CRLF does not 500", async () => {
    const story = await prisma.story.create({ data: { userId: me.id, source: "A story" } });
    const res = await send(live, "/?index", {
      method: "POST",
      cookie: me.cookie,
      ...form({ intent: "visibility", kind: "story", id: String(story.id), visibility: "public", redirectTo: "/\r\nX: y" }),
    });
    expect(res.status).toBeLessThan(500);
  });
});

describe("open redirect: redirectTo=/%09/evil.example and friends stay on the site", () => {
  const EVIL = ["/\t/evil.example", "/\\evil.example", "/\n/evil.example", "//evil.example", "https://evil.example"];

  it.each(EVIL)("a signed-in visitor of /auth/login and /auth/signup with redirectTo=%j goes home", async (target) => {
    for (const page of ["/auth/login", "/auth/signup"]) {
      const res = await send(live, `${page}?redirectTo=${encodeURIComponent(target)}`, { cookie: me.cookie });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
    }
  });

  /** Where the rendered page could send the browser: form fields, links, a meta refresh. */
  function destinations(html: string): string[] {
    const attr = /(?:name="redirectTo"[^>]*value|href|content)="([^"]*)"/g;
    return [...html.matchAll(attr)].map((m) => m[1].replaceAll("&amp;", "&"));
  }

  it.each(EVIL)("the sign-in page does not carry redirectTo=%j into its forms and links", async (target) => {
    const res = await send(live, `/auth/login?redirectTo=${encodeURIComponent(target)}`);
    expect(res.status).toBe(200);
    expect(destinations(res.text).filter((d) => decodeURIComponent(d).includes("evil.example"))).toEqual([]);
  });

  it.each(EVIL)("signing in with redirectTo=%j goes home", async (target) => {
    const email = `${uid("redir")}@test.local`;
    await send(live, "/auth/signup", { method: "POST", ...form({ intent: "signup", email, password: "a-good-password-1" }) });
    const res = await send(live, "/auth/login", { method: "POST", ...form({ email, password: "a-good-password-1", redirectTo: target }) });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
  });

  it.each(EVIL)("/auth/callback for a signed-in visitor with redirectTo=%j continues home", async (target) => {
    const res = await send(live, `/auth/callback?redirectTo=${encodeURIComponent(target)}`, { cookie: me.cookie });
    expect(res.status).toBe(200);
    expect(res.text).toContain('url=/"');
    expect(destinations(res.text).filter((d) => decodeURIComponent(d).includes("evil.example"))).toEqual([]);
  });

  it.each(EVIL)("/auth/google with redirectTo=%j does not pass it on", async (target) => {
    const res = await send(live, "/auth/google", { method: "POST", ...form({ from: "login", redirectTo: target }) });
    expect(res.status).toBe(303);
    expect(decodeURIComponent(res.headers.get("location") ?? "")).not.toContain("evil.example");
  });

  it.each(EVIL)("the dashboard action with redirectTo=%j returns to the dashboard", async (target) => {
    const story = await prisma.story.create({ data: { userId: me.id, source: "A story" } });
    const res = await send(live, "/?index", {
      method: "POST",
      cookie: me.cookie,
      ...form({ intent: "visibility", kind: "story", id: String(story.id), visibility: "private", redirectTo: target }),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/");
  });
});

describe("the workflow endpoint", () => {
  it("answers 400 to a body that is not JSON (the SDK answered 500)", async () => {
    for (const body of ["%00=", "not json", "{"]) {
      const res = await send(live, "/api/inngest", { method: "POST", body, contentType: "application/json" });
      expect(res.status).toBe(400);
    }
  });
});
