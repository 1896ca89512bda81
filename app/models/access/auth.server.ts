// Who is asking: session look-up and the guards every loader and action uses, and the ways in:
// e-mail + password (remix-auth-form), Google (remix-auth-google) and the session start that
// every sign-in ends with (ADR 010, 011).
// Guards run on the server for every door; hiding a link is never the check.
import { redirect } from "@remix-run/node";
import { Authenticator, AuthorizationError } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { GoogleStrategy, type GoogleProfile } from "remix-auth-google";
import { z } from "zod";
import { AUTH_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./auth-messages";
import { actorForUserId } from "./actor.server";
import { isAdminUser } from "./permissions.server";
import { currentSession } from "./session-user.server";
import { ensureFirstProject } from "~/models/projects/project.server";
import { releaseSignInAttempt, reserveSignInAttempt, signInSucceeded, type ThrottleScope } from "./sign-in-throttle.server";
import { createUserWithPassword, ensureProfile, findOrCreateUserFromGoogle, normalizeEmail, verifyLogin, type SessionUser } from "./user.server";
import { appUrl, env, googleConfigured } from "~/utils/env.server";
import { normalizeText } from "~/utils/text";
import { safeRedirect } from "~/utils/safe-redirect";
import { commitNewUserSession, getSession, sessionStorage, USER_SESSION_KEY } from "~/utils/session.server";

export async function getUserId(request: Request): Promise<string | null> {
  const session = await getSession(request);
  const id = session.get(USER_SESSION_KEY);
  return typeof id === "string" ? id : null;
}

/**
 * The signed-in user, or null (also when the session points at a deleted user): the session row
 * and the user in one statement, shared by the loaders of one GET request (session-user.server.ts).
 */
export async function getOptionalUser(request: Request): Promise<SessionUser | null> {
  return (await currentSession(request)).user;
}

export function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  const target = back && back !== "/" ? `/auth/login?redirectTo=${encodeURIComponent(back)}` : "/auth/login";
  return redirect(target);
}

export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (!user) throw loginRedirect(request);
  return user;
}

export async function requireUserId(request: Request): Promise<string> {
  return (await requireUser(request)).id;
}

/** Anonymous visitors go to login; signed-in non-admins get 403 (the Access Denied screen). */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!isAdminUser(user)) throw new Response("You don't have permission to access this page.", { status: 403 });
  return user;
}

/** Only paths on this site are followed after sign-in (no open redirects): see safe-redirect.ts. */
export { safeRedirect };

// ───────────────────────────── messages ─────────────────────────────

export { AUTH_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

/** "32 seconds", "2 minutes" (rounded up): how long a throttled visitor waits. */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} ${s === 1 ? "second" : "seconds"}`;
  const m = Math.ceil(s / 60);
  return `${m} ${m === 1 ? "minute" : "minutes"}`;
}

/** The 429 text for a refused sign-in attempt, with the wait (ADR 125). */
export function tooManyAttemptsMessage(scope: ThrottleScope, retryAfterSeconds: number): string {
  const template = scope === "account" ? AUTH_MESSAGES.tooManyAttempts : scope === "network" ? AUTH_MESSAGES.tooManyFromNetwork : AUTH_MESSAGES.tooManyOnSite;
  return template.replace("{wait}", formatWait(retryAfterSeconds));
}

// ───────────────────────────── sessions ─────────────────────────────

/**
 * Every successful sign-in or sign-up ends here: the user gets a profile row and, when they
 * have no project yet, "My First Project" (docs/product.md#sessions); then a new session id is
 * issued. Returns the Set-Cookie header.
 */
export async function startUserSession(request: Request, userId: string): Promise<string> {
  try {
    const actor = await actorForUserId(userId, "web");
    if (actor) {
      await ensureProfile(actor);
      await ensureFirstProject(actor);
    }
  } catch (error) {
    // Signing in matters more than the starter rows; they are retried on the next sign-in.
    console.error("sign-in: could not prepare profile or first project", error);
  }
  return commitNewUserSession(request, userId);
}

export async function signInAndRedirect(request: Request, userId: string, redirectTo: unknown): Promise<Response> {
  const cookie = await startUserSession(request, userId);
  return redirect(safeRedirect(typeof redirectTo === "string" ? redirectTo : null), { headers: { "Set-Cookie": cookie } });
}

/**
 * The client address as the Express server saw it (server/app.ts passes req.ip in the load
 * context, proxies trusted only on loopback). Headers are not trusted here: anyone can send them.
 */
export function clientIp(context: unknown): string | null {
  const ip = (context as { clientIp?: unknown } | null | undefined)?.clientIp;
  return typeof ip === "string" && ip ? ip : null;
}

// ───────────────────────────── e-mail and password ─────────────────────────────

export type AuthFieldErrors = Partial<Record<"email" | "password", string>>;

/** A sign-in or sign-up refusal with the messages to show beside the fields. */
export class AuthFormError extends Error {
  constructor(
    message: string,
    readonly fieldErrors: AuthFieldErrors = {},
    readonly status = 400,
  ) {
    super(message);
    this.name = "AuthFormError";
  }
}

const emailSchema = z.email().max(254);

function text(value: FormDataEntryValue | null): string {
  return typeof value === "string" ? value : "";
}

function checkEmail(raw: string, errors: AuthFieldErrors): string {
  const email = raw.trim();
  if (!emailSchema.safeParse(email).success) errors.email = AUTH_MESSAGES.invalidEmail;
  return email;
}

function firstError(errors: AuthFieldErrors): string | null {
  return errors.email ?? errors.password ?? null;
}

/**
 * The attempt is reserved in the sign-in budgets (account, client network, site) BEFORE the
 * slow password check, so parallel guesses cannot all be checked (ADR 125).
 */
async function verifyPasswordSignIn(form: FormData, ip: string | null): Promise<string> {
  const errors: AuthFieldErrors = {};
  const email = checkEmail(text(form.get("email")), errors);
  const password = text(form.get("password"));
  if (!password) errors.password = AUTH_MESSAGES.passwordRequired;
  const problem = firstError(errors);
  if (problem) throw new AuthFormError(problem, errors);

  const key = normalizeEmail(email);
  const reserved = await reserveSignInAttempt({ email: key, ip });
  if (!reserved.ok) throw new AuthFormError(tooManyAttemptsMessage(reserved.scope, reserved.retryAfterSeconds), {}, 429);
  let userId: string | null;
  try {
    userId = await verifyLogin(key, password);
  } catch (error) {
    await releaseSignInAttempt(reserved.reservation).catch(() => {});
    throw error;
  }
  if (!userId) throw new AuthFormError(AUTH_MESSAGES.invalidCredentials, {}, 401);
  await signInSucceeded(reserved.reservation);
  return userId;
}

async function verifyPasswordSignUp(form: FormData): Promise<string> {
  const errors: AuthFieldErrors = {};
  const email = checkEmail(text(form.get("email")), errors);
  const password = text(form.get("password"));
  // Counted as typed, but spaces and invisible characters alone are not a password (ADR 127).
  if (password.length < PASSWORD_MIN_LENGTH) errors.password = AUTH_MESSAGES.passwordTooShort;
  else if (password.length > PASSWORD_MAX_LENGTH) errors.password = AUTH_MESSAGES.passwordTooLong;
  else if (!normalizeText(password)) errors.password = AUTH_MESSAGES.passwordBlank;
  const problem = firstError(errors);
  if (problem) throw new AuthFormError(problem, errors);

  const created = await createUserWithPassword(email, password);
  if (!created.ok) throw new AuthFormError(AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken }, 409);
  return created.userId;
}

// ───────────────────────────── Google ─────────────────────────────

export const GOOGLE_DEFAULT_URLS = {
  authorization: "https://accounts.google.com/o/oauth2/v2/auth",
  token: "https://oauth2.googleapis.com/token",
  userinfo: "https://www.googleapis.com/oauth2/v3/userinfo",
};

/** Google (or its network path) failed during the code exchange or the profile request. */
export class GoogleConnectionError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "GoogleConnectionError";
  }
}

/** The Google identity cannot be used for this site's accounts (message is shown as is). */
export class GoogleAccountError extends Error {}

type GoogleVerify = ConstructorParameters<typeof GoogleStrategy<string>>[1];
type ConfigurableGoogleOptions = ConstructorParameters<typeof GoogleStrategy<string>>[0] & {
  authorizationURL?: string;
  tokenURL?: string;
  userInfoURL?: string;
};

/**
 * remix-auth-google 2.0 hard-codes Google's endpoints; this subclass lets GOOGLE_*_URL point
 * them elsewhere (a local OIDC server in tests), checks the userinfo answer's status (the
 * library does not) and tells connection failures apart from other failures.
 */
export class ConfigurableGoogleStrategy extends GoogleStrategy<string> {
  private readonly profileURL: string;

  constructor(options: ConfigurableGoogleOptions, verify: GoogleVerify) {
    super(options, verify);
    if (options.authorizationURL) this.authorizationURL = options.authorizationURL;
    if (options.tokenURL) this.tokenURL = options.tokenURL;
    this.profileURL = options.userInfoURL ?? GOOGLE_DEFAULT_URLS.userinfo;
  }

  protected override async fetchAccessToken(code: string, params: URLSearchParams) {
    try {
      return await super.fetchAccessToken(code, params);
    } catch (error) {
      // The library throws the error body as a string for non-2xx answers.
      throw new GoogleConnectionError(`Google token request failed: ${String(error).slice(0, 200)}`, { cause: error });
    }
  }

  protected override async userProfile(accessToken: string): Promise<GoogleProfile> {
    let raw: GoogleProfile["_json"];
    try {
      const response = await fetch(this.profileURL, { headers: { Authorization: `Bearer ${accessToken}` } });
      if (!response.ok) throw new Error(`status ${response.status}`);
      raw = (await response.json()) as GoogleProfile["_json"];
    } catch (error) {
      throw new GoogleConnectionError("Google userinfo request failed", { cause: error });
    }
    if (!raw || typeof raw.sub !== "string" || !raw.sub) throw new GoogleConnectionError("Google userinfo has no subject");
    return {
      provider: "google",
      id: raw.sub,
      displayName: raw.name,
      name: { familyName: raw.family_name, givenName: raw.given_name },
      emails: [{ value: raw.email }],
      photos: [{ value: raw.picture }],
      _json: raw,
    };
  }
}

async function verifyGoogleProfile({ profile }: { profile: GoogleProfile }): Promise<string> {
  const json = profile._json;
  const verified = (json.email_verified as unknown) === true || (json.email_verified as unknown) === "true";
  const result = await findOrCreateUserFromGoogle({
    subject: profile.id,
    email: typeof json.email === "string" && json.email ? json.email : null,
    emailVerified: verified,
  });
  if (!result.ok) throw new GoogleAccountError(AUTH_MESSAGES.googleEmailUnverified);
  return result.userId;
}

export function googleCallbackUrl(request: Request): string {
  return `${appUrl(request)}/auth/callback`;
}

/**
 * One authenticator per request: the Google callback URL depends on the request's origin when
 * APP_URL is not set. Strategies are cheap objects. The user stored under USER_SESSION_KEY is
 * the user id, but no strategy writes the session itself: startUserSession does (new id).
 */
export function getAuthenticator(request: Request): Authenticator<string> {
  const authenticator = new Authenticator<string>(sessionStorage(), {
    sessionKey: USER_SESSION_KEY,
    throwOnError: true,
  });
  authenticator.use(new FormStrategy(({ form, context }) => verifyPasswordSignIn(form, clientIp(context))), "password-login");
  authenticator.use(new FormStrategy(({ form }) => verifyPasswordSignUp(form)), "password-signup");
  if (googleConfigured()) {
    const config = env();
    authenticator.use(
      new ConfigurableGoogleStrategy(
        {
          clientID: config.GOOGLE_CLIENT_ID!,
          clientSecret: config.GOOGLE_CLIENT_SECRET!,
          callbackURL: googleCallbackUrl(request),
          authorizationURL: config.GOOGLE_AUTHORIZATION_URL,
          tokenURL: config.GOOGLE_TOKEN_URL,
          userInfoURL: config.GOOGLE_USERINFO_URL,
          prompt: "select_account",
        },
        verifyGoogleProfile,
      ),
      "google",
    );
  }
  return authenticator;
}

export type PasswordAuthResult = { ok: true; userId: string } | { ok: false; status: number; formError: string; fieldErrors: AuthFieldErrors };

/**
 * Runs the e-mail + password sign-in or sign-up strategy on a form post. The request body is
 * read from a clone, so the caller can still read its own fields (redirectTo, intent).
 * `ip` is the client address from the load context (clientIp), for the sign-in budgets.
 */
export async function authenticateWithPassword(
  request: Request,
  mode: "login" | "signup",
  formData?: FormData,
  ip: string | null = null,
): Promise<PasswordAuthResult> {
  const form = formData ?? (await request.clone().formData());
  try {
    const userId = await getAuthenticator(request).authenticate(mode === "login" ? "password-login" : "password-signup", request, {
      context: { formData: form, clientIp: ip },
    });
    return { ok: true, userId };
  } catch (error) {
    const cause = error instanceof AuthorizationError ? error.cause : error;
    if (cause instanceof AuthFormError) {
      return { ok: false, status: cause.status, formError: cause.message, fieldErrors: cause.fieldErrors };
    }
    throw cause ?? error;
  }
}

const OAUTH_REDIRECT_KEY = "oauth:redirectTo";

/**
 * Starts Google sign-in: remembers where to go afterwards in the (server-side) session, then
 * lets the strategy store its state and answer with the redirect to Google's consent page.
 */
export async function beginGoogleSignIn(request: Request, redirectTo: unknown): Promise<Response> {
  if (!googleConfigured()) throw new Error("Google sign-in is not configured");
  const storage = sessionStorage();
  const session = await getSession(request);
  const target = safeRedirect(typeof redirectTo === "string" ? redirectTo : null);
  session.set(OAUTH_REDIRECT_KEY, target);
  const setCookie = await storage.commitSession(session);
  const headers = new Headers(request.headers);
  headers.set("Cookie", setCookie.split(";")[0]);
  const start = new Request(new URL("/auth/google", request.url), { method: "GET", headers });
  try {
    await getAuthenticator(request).authenticate("google", start);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  // Already signed in: nothing to ask Google.
  return redirect(target, { headers: { "Set-Cookie": setCookie } });
}

export type GoogleCallbackResult = { ok: true; userId: string; redirectTo: string; setCookie: string } | { ok: false; detail: string | null };

/** Completes Google sign-in on /auth/callback (state check, code exchange, profile, user). */
export async function completeGoogleSignIn(request: Request): Promise<GoogleCallbackResult> {
  if (!googleConfigured()) return { ok: false, detail: AUTH_MESSAGES.googleNotConfigured };
  const url = new URL(request.url);
  if (url.searchParams.get("error")) return { ok: false, detail: null };
  const session = await getSession(request);
  const redirectTo = safeRedirect(session.get(OAUTH_REDIRECT_KEY));
  try {
    const userId = await getAuthenticator(request).authenticate("google", request);
    return { ok: true, userId, redirectTo, setCookie: await startUserSession(request, userId) };
  } catch (error) {
    if (error instanceof Response) throw error;
    const cause = error instanceof AuthorizationError ? error.cause : error;
    if (cause instanceof GoogleConnectionError) {
      console.error("google sign-in:", cause.message);
      return { ok: false, detail: AUTH_MESSAGES.googleConnect };
    }
    if (cause instanceof GoogleAccountError) return { ok: false, detail: cause.message };
    if (error instanceof AuthorizationError) {
      console.warn("google sign-in refused:", error.message);
      return { ok: false, detail: null };
    }
    throw error;
  }
}

// ───────────────────────────── for the sign-in pages ─────────────────────────────

export function googleSignInState(): { enabled: boolean; disabledReason: string | null } {
  const enabled = googleConfigured();
  return { enabled, disabledReason: enabled ? null : AUTH_MESSAGES.googleNotConfigured };
}

/** ?error= codes that /auth/google sends back to the page the button was on. */
export const AUTH_QUERY_ERRORS = {
  "google-not-configured": AUTH_MESSAGES.googleNotConfigured,
  google: AUTH_MESSAGES.googleConnect,
} as const;

export function authErrorFromQuery(url: URL): string | null {
  const code = url.searchParams.get("error");
  return code && Object.hasOwn(AUTH_QUERY_ERRORS, code) ? AUTH_QUERY_ERRORS[code as keyof typeof AUTH_QUERY_ERRORS] : null;
}

/** The redirectTo a sign-in page should carry along: a safe path, or null for the default. */
export function requestedRedirect(url: URL): string | null {
  const raw = url.searchParams.get("redirectTo");
  const safe = safeRedirect(raw, "");
  return safe && safe !== "/" ? safe : null;
}

/**
 * What the sign-in and sign-up pages both load: a signed-in visitor goes on to where they were
 * heading; everyone else gets the return path, the Google button's state, an error carried in
 * the query, and the password rule (server values are not in the browser bundle).
 */
export async function authPageBase(request: Request) {
  const url = new URL(request.url);
  const redirectTo = requestedRedirect(url);
  if (await getOptionalUser(request)) throw redirect(safeRedirect(redirectTo));
  return {
    url,
    page: { redirectTo, google: googleSignInState(), error: authErrorFromQuery(url), passwordMinLength: PASSWORD_MIN_LENGTH },
  };
}
