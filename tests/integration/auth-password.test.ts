// E-mail + password sign-up and sign-in, redirects, sessions, sign-out, first project,
// and the Google buttons when Google is not configured (this file runs without GOOGLE_*).
import { beforeAll, describe, expect, it } from "vitest";
import { actorFromUser, AUTH_MESSAGES, getOptionalUser } from "~/models/access";
import { ensureFirstProject } from "~/models/projects/project.server";
import { action as googleAction, loader as googleLoader } from "~/routes/auth.google";
import { action as loginAction, loader as loginLoader } from "~/routes/auth.login";
import { action as logoutAction, loader as logoutLoader } from "~/routes/auth.logout";
import { action as signupAction, loader as signupLoader } from "~/routes/auth.signup";
import { DEFAULT_PROJECT_TITLE } from "~/utils/constants";
import { prisma } from "~/utils/db.server";
import { getSession, sessionStorage } from "~/utils/session.server";
import { call, formRequest, getRequest, sessionCookie, sessionIdOf, uniqueEmail } from "./auth-helpers";

beforeAll(() => {
  delete process.env.GOOGLE_CLIENT_ID;
  delete process.env.GOOGLE_CLIENT_SECRET;
});

async function signUp(email: string, password = "correct horse", extra: Record<string, string> = {}) {
  return call(signupAction, formRequest("/auth/signup", { intent: "signup", email, password, ...extra }));
}

// This file's own client address: the sign-in budgets per network (ADR 125) are not shared with other files.
const CLIENT_IP = `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;

async function signIn(email: string, password: string, extra: Record<string, string> = {}, cookie?: string | null) {
  return call(loginAction, formRequest("/auth/login", { intent: "login", email, password, ...extra }, cookie), { clientIp: CLIENT_IP });
}

async function userOf(cookie: string | null) {
  return getOptionalUser(getRequest("/", cookie));
}

describe("sign-up with e-mail and password", () => {
  it("creates the user (e-mail lower-cased, hashed password, profile, first project) and signs in", async () => {
    const email = uniqueEmail("signup");
    const res = await signUp(`  ${email} `);
    expect(res.status).toBe(302);
    expect(res.location).toBe("/");
    const cookie = sessionCookie(res);
    expect(cookie).toBeTruthy();
    expect(res.headers.get("Set-Cookie")).toMatch(/HttpOnly/i);
    expect(res.headers.get("Set-Cookie")).toMatch(/SameSite=Lax/i);

    const user = await prisma.user.findUniqueOrThrow({
      where: { email: email.toLowerCase() },
      include: { password: true, profile: true, projects: true },
    });
    expect(user.password?.hash).toMatch(/^scrypt\$/);
    expect(user.password?.hash).not.toContain("correct horse");
    expect(user.profile).not.toBeNull();
    expect(user.projects.map((p) => p.title)).toEqual([DEFAULT_PROJECT_TITLE]);
    expect((await userOf(cookie))?.id).toBe(user.id);
  });

  it("refuses a duplicate e-mail, whatever its case", async () => {
    const email = uniqueEmail("dup");
    expect((await signUp(email)).status).toBe(302);
    const again = await signUp(email.toUpperCase());
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ fieldErrors: { email: "An account with this email already exists. Sign in instead." } });
    expect(sessionCookie(again)).toBeNull();
    expect(await prisma.user.count({ where: { email: email.toLowerCase() } })).toBe(1);
  });

  it("validates the e-mail and the password length", async () => {
    const short = await signUp(uniqueEmail("short"), "1234567");
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ fieldErrors: { password: "Password must be at least 8 characters" } });

    const bad = await signUp("not-an-email", "long enough password");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ fieldErrors: { email: "Please enter a valid email address" } });
    expect(await prisma.user.count({ where: { email: "not-an-email" } })).toBe(0);
  });

  it("refuses a password of spaces or invisible characters only (issue 8 §7)", async () => {
    for (const blank of [" ".repeat(8), "\u200B".repeat(8), " \u3000\u00A0\u200B\uFEFF    "]) {
      const email = uniqueEmail("blank");
      const res = await signUp(email, blank);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ fieldErrors: { password: "Password cannot be only spaces" } });
      expect(await prisma.user.count({ where: { email: email.toLowerCase() } })).toBe(0);
    }
    // Spaces inside a real password are fine.
    expect((await signUp(uniqueEmail("spaced"), "  correct horse  ")).status).toBe(302);
  });

  it("follows a safe redirectTo and ignores an unsafe one", async () => {
    const ok = await signUp(uniqueEmail("redir"), "correct horse", { redirectTo: "/create-video?x=1" });
    expect(ok.location).toBe("/create-video?x=1");
    for (const evil of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"]) {
      const res = await signUp(uniqueEmail("evil"), "correct horse", { redirectTo: evil });
      expect(res.status).toBe(302);
      expect(res.location).toBe("/");
    }
  });
});

describe("sign-in with e-mail and password", () => {
  it("signs in with the right password (any e-mail case) and honours redirectTo", async () => {
    const email = uniqueEmail("login");
    await signUp(email, "s3cret-password");
    const res = await signIn(email.toUpperCase(), "s3cret-password", { redirectTo: "/settings" });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/settings");
    const user = await userOf(sessionCookie(res));
    expect(user?.email).toBe(email.toLowerCase());
  });

  it("gives the same message for a wrong password and an unknown e-mail", async () => {
    const email = uniqueEmail("wrong");
    await signUp(email, "s3cret-password");
    const wrong = await signIn(email, "not-the-password");
    const unknown = await signIn(uniqueEmail("nobody"), "whatever-password");
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ formError: "Invalid email or password", fieldErrors: {} });
      expect(sessionCookie(res)).toBeNull();
    }
  });

  it("asks for the missing fields", async () => {
    const res = await signIn("", "");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      fieldErrors: { email: AUTH_MESSAGES.invalidEmail, password: AUTH_MESSAGES.passwordRequired },
    });
  });

  it("issues a new session id on sign-in and deletes the one the visitor had (no fixation)", async () => {
    const email = uniqueEmail("fixation");
    await signUp(email, "s3cret-password");
    // A session that existed before sign-in (e.g. planted by an attacker).
    const storage = sessionStorage();
    const planted = await storage.getSession();
    planted.set("note", "anonymous");
    const plantedCookie = (await storage.commitSession(planted)).split(";")[0];
    const plantedId = sessionIdOf(plantedCookie);
    expect(await prisma.session.count({ where: { id: plantedId } })).toBe(1);

    const res = await signIn(email, "s3cret-password", {}, plantedCookie);
    const cookie = sessionCookie(res)!;
    expect(sessionIdOf(cookie)).not.toBe(plantedId);
    expect(await prisma.session.count({ where: { id: plantedId } })).toBe(0);
    expect(await userOf(plantedCookie)).toBeNull();
    expect((await userOf(cookie))?.email).toBe(email.toLowerCase());
  });

  it("sends signed-in visitors away from the sign-in and sign-up pages", async () => {
    const email = uniqueEmail("already");
    const cookie = sessionCookie(await signUp(email));
    const login = await call(loginLoader, getRequest("/auth/login?redirectTo=%2Fplans", cookie));
    expect(login).toMatchObject({ status: 302, location: "/plans" });
    const signup = await call(signupLoader, getRequest("/auth/signup", cookie));
    expect(signup).toMatchObject({ status: 302, location: "/" });
  });
});

describe("sign-out", () => {
  it("POST deletes the session row, and the old cookie no longer authenticates", async () => {
    const email = uniqueEmail("logout");
    const cookie = sessionCookie(await signUp(email))!;
    const id = sessionIdOf(cookie);
    expect(await prisma.session.count({ where: { id } })).toBe(1);

    const res = await call(logoutAction, formRequest("/auth/logout", {}, cookie));
    expect(res.status).toBe(303);
    expect(res.location).toBe("/");
    expect(res.headers.get("Set-Cookie")).toMatch(/__session=;.*Expires=Thu, 01 Jan 1970/i);
    expect(await prisma.session.count({ where: { id } })).toBe(0);
    expect(await userOf(cookie)).toBeNull();
    const session = await getSession(getRequest("/", cookie));
    expect(session.get("userId")).toBeUndefined();
  });

  it("GET does not sign out", async () => {
    const cookie = sessionCookie(await signUp(uniqueEmail("get-logout")))!;
    const res = await call(logoutLoader, getRequest("/auth/logout", cookie));
    expect(res).toMatchObject({ status: 302, location: "/" });
    expect(res.headers.get("Set-Cookie")).toBeNull();
    expect(await userOf(cookie)).not.toBeNull();
  });
});

describe("first project", () => {
  it("is created once, however often and however concurrently the user signs in", async () => {
    const email = uniqueEmail("project");
    await signUp(email, "s3cret-password");
    await signIn(email, "s3cret-password");
    await Promise.all([signIn(email, "s3cret-password"), signIn(email, "s3cret-password")]);
    const user = await prisma.user.findUniqueOrThrow({ where: { email: email.toLowerCase() } });
    expect(await prisma.project.count({ where: { userId: user.id } })).toBe(1);

    const fresh = await prisma.user.create({ data: { email: uniqueEmail("bare").toLowerCase() } });
    const results = await Promise.all(Array.from({ length: 5 }, () => ensureFirstProject(actorFromUser({ id: fresh.id, isAdmin: false }, "web"))));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.projectId)).size).toBe(1);
    const projects = await prisma.project.findMany({ where: { userId: fresh.id } });
    expect(projects.map((p) => p.title)).toEqual(["My First Project"]);
  });

  it("is not added for a user who already has a project", async () => {
    const user = await prisma.user.create({ data: { email: uniqueEmail("has-project").toLowerCase() } });
    await prisma.project.create({ data: { userId: user.id, title: "Summer campaign" } });
    expect((await ensureFirstProject(actorFromUser({ id: user.id, isAdmin: false }, "web"))).created).toBe(false);
    expect(await prisma.project.count({ where: { userId: user.id } })).toBe(1);
  });
});

describe("Google when it is not configured", () => {
  it("shows the buttons disabled with the reason", async () => {
    const login = await call(loginLoader, getRequest("/auth/login"));
    expect(login.body).toMatchObject({ google: { enabled: false, disabledReason: "Google sign-in is not configured on this server." } });
    const signup = await call(signupLoader, getRequest("/auth/signup"));
    expect(signup.body).toMatchObject({ google: { enabled: false } });
  });

  it("answers a POST with that message instead of failing", async () => {
    const res = await call(googleAction, formRequest("/auth/google", { from: "signup", redirectTo: "/plans" }));
    expect(res.status).toBe(303);
    expect(res.location).toBe("/auth/signup?error=google-not-configured&redirectTo=%2Fplans");
    const page = await call(signupLoader, getRequest(res.location!));
    expect(page.body).toMatchObject({ error: "Google sign-in is not configured on this server.", redirectTo: "/plans" });
    expect(await call(googleLoader, getRequest("/auth/google"))).toMatchObject({ status: 302, location: "/auth/login" });
  });
});
