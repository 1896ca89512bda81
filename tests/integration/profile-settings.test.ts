// /settings through its loader and action: login required, username messages, and the avatar
// stored by the storage module (images only).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { getProfile } from "~/models/access/profile.server";
import * as settingsRoute from "~/routes/_shell.settings";
import { prisma } from "~/utils/db.server";
import { ensurePlans, newPayer, sessionCookieFor, uid } from "./payments-helpers";
import { actorOf } from "./dashboard-helpers";

const ORIGIN = "http://localhost:3106";
const PNG_1X1 = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

type Args = LoaderFunctionArgs & ActionFunctionArgs;

/** What the handler answers: a thrown Response, or the data (unwrapped from data(value, {status})). */
async function run(handler: unknown, request: Request): Promise<unknown> {
  try {
    const value = await (handler as (a: Args) => unknown)({ request, params: {}, context: {} } as Args);
    if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") return (value as { data: unknown }).data;
    return value;
  } catch (thrown) {
    return thrown;
  }
}

function multipart(parts: Array<[string, string | File]>, cookie: string): Request {
  const form = new FormData();
  for (const [name, value] of parts) form.append(name, value);
  return new Request(`${ORIGIN}/settings`, { method: "POST", body: form, headers: { Cookie: cookie } });
}

function urlencoded(fields: Record<string, string>, cookie: string): Request {
  return new Request(`${ORIGIN}/settings`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
}

describe("/settings", () => {
  beforeAll(ensurePlans);

  it("sends signed-out visitors to login", async () => {
    const res = (await run(settingsRoute.loader, new Request(`${ORIGIN}/settings`))) as Response;
    expect(res).toBeInstanceOf(Response);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/auth/login?redirectTo=%2Fsettings");
    const post = (await run(settingsRoute.action, urlencoded({ intent: "username", username: "abc" }, ""))) as Response;
    expect(post.status).toBe(302);
  });

  it("shows the profile with plans for the Plans tab", async () => {
    const payer = await newPayer({ username: null });
    const data = (await run(settingsRoute.loader, new Request(`${ORIGIN}/settings?tab=plans`, { headers: { Cookie: await sessionCookieFor(payer.id) } }))) as {
      tab: string;
      username: string | null;
      avatarUrl: string | null;
      plans: unknown[];
      transactions: unknown[];
    };
    expect(data).toMatchObject({ tab: "plans", username: null, avatarUrl: null, transactions: [] });
    expect(data.plans.length).toBeGreaterThanOrEqual(2);
  });

  it("updates the username with the documented messages", async () => {
    const payer = await newPayer({ username: "before" });
    const cookie = await sessionCookieFor(payer.id);
    expect(await run(settingsRoute.action, urlencoded({ intent: "username", username: " " }, cookie))).toEqual({
      intent: "username",
      ok: false,
      message: "Username cannot be empty",
      value: " ",
    });
    expect(await run(settingsRoute.action, urlencoded({ intent: "username", username: "before" }, cookie))).toMatchObject({ message: "No changes to save" });
    const name = uid("after");
    expect(await run(settingsRoute.action, urlencoded({ intent: "username", username: name }, cookie))).toEqual({
      intent: "username",
      ok: true,
      message: "Profile updated successfully",
      username: name,
    });
  });

  it("stores an uploaded image as the avatar and serves it from the avatars bucket", async () => {
    const payer = await newPayer();
    const cookie = await sessionCookieFor(payer.id);
    const result = await run(
      settingsRoute.action,
      multipart(
        [
          ["intent", "avatar"],
          ["avatar", new File([PNG_1X1], "me.png", { type: "image/png" })],
        ],
        cookie,
      ),
    );
    expect(result).toEqual({ intent: "avatar", ok: true, message: "Profile updated successfully" });
    const profile = await getProfile(actorOf(payer.id));
    expect(profile.avatarKey).toMatch(/^avatars\/.+\.png$/);
    const key = profile.avatarKey!.slice("avatars/".length);
    const stored = await prisma.storedObject.findUnique({ where: { bucket_key: { bucket: "avatars", key } } });
    expect(stored).toMatchObject({ ownerId: payer.id, contentType: "image/png", size: PNG_1X1.length });
    const page = (await run(settingsRoute.loader, new Request(`${ORIGIN}/settings`, { headers: { Cookie: cookie } }))) as { avatarUrl: string };
    expect(page.avatarUrl).toBe(`/resources/files/avatars/${key}`);

    // A second avatar replaces the first, whose file is removed.
    await run(
      settingsRoute.action,
      multipart(
        [
          ["intent", "avatar"],
          ["avatar", new File([PNG_1X1], "again.png", { type: "image/png" })],
        ],
        cookie,
      ),
    );
    expect((await getProfile(actorOf(payer.id))).avatarKey).not.toBe(profile.avatarKey);
    expect(await prisma.storedObject.findUnique({ where: { bucket_key: { bucket: "avatars", key } } })).toBeNull();
  });

  it("asks for an image when none was chosen, and refuses files that are not images", async () => {
    const payer = await newPayer();
    const cookie = await sessionCookieFor(payer.id);
    expect(await run(settingsRoute.action, multipart([["intent", "avatar"]], cookie))).toEqual({
      intent: "avatar",
      ok: false,
      message: "You must select an image to upload.",
    });
    const text = new File([Buffer.from("just some text, not a picture")], "notes.png", { type: "image/png" });
    expect(
      await run(
        settingsRoute.action,
        multipart(
          [
            ["intent", "avatar"],
            ["avatar", text],
          ],
          cookie,
        ),
      ),
    ).toMatchObject({
      intent: "avatar",
      ok: false,
      message: "Error uploading avatar!",
    });
    expect((await getProfile(actorOf(payer.id))).avatarKey).toBeNull();
  });

  it("accepts a reference to the user's own upload, never someone else's", async () => {
    const owner = await newPayer();
    const other = await newPayer();
    const ownerCookie = await sessionCookieFor(owner.id);
    await run(
      settingsRoute.action,
      multipart(
        [
          ["intent", "avatar"],
          ["avatar", new File([PNG_1X1], "a.png", { type: "image/png" })],
        ],
        ownerCookie,
      ),
    );
    const ref = (await getProfile(actorOf(owner.id))).avatarKey!;
    const stolen = await run(
      settingsRoute.action,
      multipart(
        [
          ["intent", "avatar"],
          ["avatarRef", ref],
        ],
        await sessionCookieFor(other.id),
      ),
    );
    expect(stolen).toMatchObject({ intent: "avatar", ok: false, message: "Error uploading avatar!" });
    expect((await getProfile(actorOf(other.id))).avatarKey).toBeNull();
  });
});
