// GET /resources/brand-preview: the preview frame (JPEG) of the signed-in user's saved brand kit
// (docs/decisions/310-brand-kit.md), drawn by the same code as the ad's end card and captions.
// 404 without a kit. The page adds ?v=<saved time>, so a new save is a new address.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { actorFromUser, requireUser } from "~/models/access";
import { savedBrandPreview } from "~/models/brand";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const frame = await savedBrandPreview(actorFromUser(user, "web"));
  if (!frame) return new Response("No brand kit saved", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(frame), {
    headers: { "Content-Type": "image/jpeg", "Cache-Control": "private, max-age=3600", "X-Content-Type-Options": "nosniff" },
  });
}
