// GET /resources/voices/:voiceId/sample — a short clip of a voice, played in the Create Video
// dialog before paying (docs/decisions/201-voice-samples.md). Signed-in users only; made once
// and then served from storage (byte ranges, validators, caching).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/models/access";
import { serveStoredFile } from "~/models/files";
import { voiceSample } from "~/models/generation";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const id = /^\d{1,9}$/.test(params.voiceId ?? "") ? Number(params.voiceId) : NaN;
  const headers = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  let sample: Awaited<ReturnType<typeof voiceSample>>;
  try {
    sample = Number.isSafeInteger(id) ? await voiceSample(id) : null;
  } catch (error) {
    console.error(`[voices] no sample for voice ${params.voiceId}`, error);
    return new Response("The voice sample cannot be made right now.", { status: 503, headers: { ...headers, "Retry-After": "30" } });
  }
  if (!sample) return new Response("Not Found", { status: 404, headers });
  return serveStoredFile(request, sample.bucket, sample.key);
}
