// One-time messages across a redirect (the "flash" of a plain form post without JavaScript):
// the action sets it with the redirect, the next page's shell loader reads and clears it. A
// signed, short-lived cookie of its own, so setting one does not touch the session row.
import { createCookie } from "@remix-run/node";
import type { Flash } from "~/utils/flash";
import { env, secureCookies } from "~/utils/env.server";

export type FlashMessage = Flash;

let cookie: ReturnType<typeof createCookie> | null = null;
function flashCookie() {
  return (cookie ??= createCookie("__flash", {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(),
    path: "/",
    maxAge: 60,
    secrets: [env().SESSION_SECRET],
  }));
}

function isFlash(value: unknown): value is FlashMessage {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    (v.kind === "success" || v.kind === "error" || v.kind === "info") &&
    typeof v.title === "string" &&
    (v.description === undefined || typeof v.description === "string")
  );
}

/** The Set-Cookie header that carries `message` to the next page. */
export function setFlash(message: FlashMessage): Promise<string> {
  return flashCookie().serialize(message);
}

/** The pending message (if any) and the Set-Cookie header that clears it. */
export async function consumeFlash(request: Request): Promise<{ flash: FlashMessage | null; setCookie: string | null }> {
  const header = request.headers.get("Cookie");
  if (!header || !header.includes("__flash=")) return { flash: null, setCookie: null };
  let value: unknown = null;
  try {
    value = await flashCookie().parse(header);
  } catch {
    value = null;
  }
  const setCookie = await flashCookie().serialize("", { maxAge: 0, expires: new Date(0) });
  return { flash: isFlash(value) ? value : null, setCookie };
}
