// Shared set-up for the dashboard-*, live-* and notifications-* integration tests (not a test
// file itself): users with session cookies, content rows, and calling loaders/actions.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { actorFromUser, systemActor, type Actor } from "~/models/access";
import { prisma } from "~/utils/db.server";
import { sessionStorage, USER_SESSION_KEY } from "~/utils/session.server";

export const ORIGIN = "http://localhost:3109";

export function uid(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

export async function cookieFor(userId: string): Promise<string> {
  const session = await sessionStorage().getSession();
  session.set(USER_SESSION_KEY, userId);
  return (await sessionStorage().commitSession(session)).split(";")[0];
}

export async function newUser(opts: { username?: string | null } = {}) {
  const user = await prisma.user.create({
    data: {
      email: `dash-${uid()}@test.local`,
      ...(opts.username !== null ? { profile: { create: { username: opts.username ?? `user_${uid()}` } } } : {}),
    },
  });
  return { id: user.id, cookie: await cookieFor(user.id) };
}

export async function storyType(name = `Type ${uid()}`) {
  return prisma.storyType.create({ data: { name } });
}

export function story(userId: string, data: Partial<Parameters<typeof prisma.story.create>[0]["data"]> = {}) {
  return prisma.story.create({ data: { userId, source: `Script ${uid()}`, ...data } as Parameters<typeof prisma.story.create>[0]["data"] });
}

export function imageJob(userId: string, data: Record<string, unknown> = {}) {
  return prisma.imageGenerationJob.create({
    data: { userId, prompt: `Prompt ${uid()}`, ...data } as Parameters<typeof prisma.imageGenerationJob.create>[0]["data"],
  });
}

export function videoJob(userId: string, data: Record<string, unknown> = {}) {
  return prisma.videoGenerationJob.create({
    data: { userId, prompt: `Prompt ${uid()}`, ...data } as Parameters<typeof prisma.videoGenerationJob.create>[0]["data"],
  });
}

type Args = LoaderFunctionArgs & ActionFunctionArgs;

/** Calls a loader or action like Remix does; a thrown Response is returned. */
export async function run<T = unknown>(handler: unknown, request: Request, params: Record<string, string> = {}): Promise<T> {
  try {
    return (await (handler as (a: Args) => unknown)({ request, params, context: {} } as Args)) as T;
  } catch (thrown) {
    return thrown as T;
  }
}

export function get(path: string, cookie?: string): Request {
  return new Request(new URL(path, ORIGIN), { headers: cookie ? { Cookie: cookie } : {} });
}

export function post(path: string, fields: Record<string, string>, cookie?: string): Request {
  return new Request(new URL(path, ORIGIN), {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
  });
}

/** What data() returned: { data, init } (a plain value is returned as is with status 200). */
export function unwrap<T>(value: unknown): { status: number; body: T; headers: Headers } {
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = value as { data: T; init: ResponseInit | null };
    return { status: init?.status ?? 200, body: data, headers: new Headers(init?.headers) };
  }
  return { status: 200, body: value as T, headers: new Headers() };
}

/** The user acting through the web door (not an admin). */
export function actorOf(userId: string): Actor {
  return actorFromUser({ id: userId, isAdmin: false }, "web");
}

/** The actor of the workflows' status updates when a test makes them without a workflow run. */
export const TEST_SYSTEM = systemActor("tests");
