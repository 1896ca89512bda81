// Google sign-in end to end against a real OIDC server (oauth2-mock-server) standing in for
// Google: POST /auth/google -> the authorize endpoint -> /auth/callback with code and state.
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as googleAction } from "~/routes/auth.google";
import { loader as callbackLoader } from "~/routes/auth.callback";
import { action as loginAction, loader as loginLoader } from "~/routes/auth.login";
import { action as signupAction } from "~/routes/auth.signup";
import { AUTH_MESSAGES, getOptionalUser } from "~/models/access";
import { prisma } from "~/utils/db.server";
import { call, formRequest, getRequest, ORIGIN, sessionCookie, sessionIdOf, uniqueEmail, type Outcome } from "./auth-helpers";

const oauth = new OAuth2Server();
let issuer = "";
let userinfo: Record<string, unknown> = {};

beforeAll(async () => {
  await oauth.issuer.keys.generate("RS256");
  await oauth.start(0, "127.0.0.1");
  issuer = oauth.issuer.url!.replace(/\/$/, "");
  // env() is read lazily, so these take effect for every module under test.
  process.env.GOOGLE_CLIENT_ID = "reelforge-test-client";
  process.env.GOOGLE_CLIENT_SECRET = "reelforge-test-secret";
  process.env.GOOGLE_AUTHORIZATION_URL = `${issuer}/authorize`;
  process.env.GOOGLE_TOKEN_URL = `${issuer}/token`;
  process.env.GOOGLE_USERINFO_URL = `${issuer}/userinfo`;
  oauth.service.on("beforeUserinfo", (response: { body: unknown; statusCode: number }) => {
    response.body = userinfo;
  });
});

afterAll(async () => {
  await oauth.stop();
});

beforeEach(() => {
  userinfo = {};
});

function googleUser(overrides: Record<string, unknown> = {}) {
  const sub = `google-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  return { sub, email: uniqueEmail("g"), email_verified: true, name: "Test Person", ...overrides };
}

/** Clicks the Google button, lets the provider approve, and returns the callback request. */
async function startFlow(fields: Record<string, string> = { from: "login" }, cookie?: string | null) {
  const start = await call(googleAction, formRequest("/auth/google", fields, cookie));
  expect(start.status).toBe(302);
  const authorize = new URL(start.location!);
  const stateCookie = sessionCookie(start)!;
  const approved = await fetch(authorize, { redirect: "manual" });
  expect(approved.status).toBe(302);
  const callbackUrl = new URL(approved.headers.get("Location")!);
  return { start, authorize, stateCookie, callbackUrl };
}

async function finish(callbackUrl: URL, cookie: string | null): Promise<Outcome> {
  return call(callbackLoader, getRequest(callbackUrl.pathname + callbackUrl.search, cookie));
}

describe("Google sign-in", () => {
  it("shows the Google buttons enabled when configured", async () => {
    const page = await call(loginLoader, getRequest("/auth/login"));
    expect(page.body).toMatchObject({ google: { enabled: true, disabledReason: null } });
  });

  it("redirects to the configured authorize URL with /auth/callback as redirect URI", async () => {
    userinfo = googleUser();
    const { authorize, callbackUrl } = await startFlow();
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${issuer}/authorize`);
    expect(authorize.searchParams.get("client_id")).toBe("reelforge-test-client");
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/auth/callback`);
    expect(authorize.searchParams.get("response_type")).toBe("code");
    expect(authorize.searchParams.get("scope")).toContain("openid");
    expect(authorize.searchParams.get("state")).toBeTruthy();
    expect(callbackUrl.pathname).toBe("/auth/callback");
    expect(callbackUrl.searchParams.get("state")).toBe(authorize.searchParams.get("state"));
    expect(callbackUrl.searchParams.get("code")).toBeTruthy();
  });

  it("creates a user with a Google connection, signs in with a new session, and goes to the saved page", async () => {
    userinfo = googleUser({ email: "New.Person." + uniqueEmail("x") });
    const { stateCookie, callbackUrl } = await startFlow({ from: "signup", redirectTo: "/plans" });
    const res = await finish(callbackUrl, stateCookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "success", redirectTo: "/plans", message: "Completing login...", detail: null });
    expect(res.headers.get("Cache-Control")).toBe("no-store");

    const cookie = sessionCookie(res)!;
    expect(sessionIdOf(cookie)).not.toBe(sessionIdOf(stateCookie));
    expect(await prisma.session.count({ where: { id: sessionIdOf(stateCookie) } })).toBe(0);

    const connection = await prisma.connection.findUniqueOrThrow({
      where: { provider_providerId: { provider: "google", providerId: String(userinfo.sub) } },
      include: { user: { include: { profile: true, projects: true } } },
    });
    expect(connection.user.email).toBe(String(userinfo.email).toLowerCase());
    expect(connection.user.profile).not.toBeNull();
    expect(connection.user.projects.map((p) => p.title)).toEqual(["My First Project"]);
    expect((await getOptionalUser(getRequest("/", cookie)))?.id).toBe(connection.userId);

    // Reloading the callback page with the new cookie keeps the visitor signed in.
    const reload = await finish(callbackUrl, cookie);
    expect(reload.body).toMatchObject({ status: "success" });

    // The same Google account later signs in to the same user.
    const again = await startFlow();
    const second = await finish(again.callbackUrl, again.stateCookie);
    expect((await getOptionalUser(getRequest("/", sessionCookie(second))))?.id).toBe(connection.userId);
    expect(await prisma.connection.count({ where: { userId: connection.userId } })).toBe(1);
  });

  it("links to an existing e-mail account when Google says the e-mail is verified", async () => {
    const email = uniqueEmail("link");
    await call(signupAction, formRequest("/auth/signup", { intent: "signup", email, password: "s3cret-password" }));
    const existing = await prisma.user.findUniqueOrThrow({ where: { email: email.toLowerCase() } });
    userinfo = googleUser({ email: email.toUpperCase(), email_verified: true });
    const { stateCookie, callbackUrl } = await startFlow();
    const res = await finish(callbackUrl, stateCookie);
    expect(res.body).toMatchObject({ status: "success", redirectTo: "/" });
    expect((await getOptionalUser(getRequest("/", sessionCookie(res))))?.id).toBe(existing.id);
    expect(await prisma.connection.count({ where: { userId: existing.id, provider: "google" } })).toBe(1);
    // The password still works too.
    const login = await call(loginAction, formRequest("/auth/login", { intent: "login", email, password: "s3cret-password" }));
    expect(login.status).toBe(302);
  });

  it("does not link when Google has not verified the e-mail", async () => {
    const email = uniqueEmail("unverified");
    await call(signupAction, formRequest("/auth/signup", { intent: "signup", email, password: "s3cret-password" }));
    userinfo = googleUser({ email, email_verified: false });
    const { stateCookie, callbackUrl } = await startFlow();
    const res = await finish(callbackUrl, stateCookie);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      status: "error",
      redirectTo: "/auth/login",
      message: "Authentication failed. Please try again.",
      detail: AUTH_MESSAGES.googleEmailUnverified,
    });
    expect(sessionCookie(res)).toBeNull();
    expect(await prisma.connection.count({ where: { providerId: String(userinfo.sub) } })).toBe(0);
  });

  it("fails on a state that does not match the session", async () => {
    userinfo = googleUser();
    const { stateCookie, callbackUrl } = await startFlow();
    callbackUrl.searchParams.set("state", "forged-state");
    const res = await finish(callbackUrl, stateCookie);
    expect(res.body).toMatchObject({ status: "error", message: "Authentication failed. Please try again.", detail: null });
    // Without the session that started the flow it fails as well.
    const { callbackUrl: other } = await startFlow();
    expect((await finish(other, null)).body).toMatchObject({ status: "error" });
    expect(await prisma.connection.count({ where: { providerId: String(userinfo.sub) } })).toBe(0);
  });

  it("reports a failing token endpoint as a connection failure", async () => {
    userinfo = googleUser();
    const { stateCookie, callbackUrl } = await startFlow();
    oauth.service.once("beforeResponse", (response: { body: unknown; statusCode: number }) => {
      response.statusCode = 500;
      response.body = { error: "server_error" };
    });
    const res = await finish(callbackUrl, stateCookie);
    expect(res.body).toMatchObject({ status: "error", detail: "Failed to connect to Google. Please try again." });
  });

  it("reports a failing userinfo endpoint as a connection failure", async () => {
    const { stateCookie, callbackUrl } = await startFlow();
    oauth.service.once("beforeUserinfo", (response: { body: unknown; statusCode: number }) => {
      response.statusCode = 503;
    });
    const res = await finish(callbackUrl, stateCookie);
    expect(res.body).toMatchObject({ status: "error", detail: "Failed to connect to Google. Please try again." });
  });

  it("fails when Google returns an error (consent denied) or nothing at all", async () => {
    const denied = await finish(new URL(`${ORIGIN}/auth/callback?error=access_denied&state=x`), null);
    expect(denied).toMatchObject({ status: 401, body: { status: "error", redirectTo: "/auth/login" } });
    const empty = await finish(new URL(`${ORIGIN}/auth/callback`), null);
    expect(empty.body).toMatchObject({ status: "error", message: "Authentication failed. Please try again." });
  });
});
