// Voice samples (docs/decisions/201-voice-samples.md): a short clip of each voice that users can
// play in the Create Video dialog before paying. Made once by the active voice provider on the
// first request, stored at a fixed key in the renders bucket (public: it holds no user data) and
// served from there; a new provider or sample text gets new keys.
import { prisma } from "~/utils/db.server";
import { findStoredObject, storeFile, StoredObjectExistsError, UploadError } from "~/models/files/stored-files.server";
import { voiceProvider } from "~/providers/registry.server";
import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";

export const VOICE_SAMPLE_TEXT = "Hi! I could be the voice of your next video ad. Here is how I sound.";
/** Bump when the sample text changes, so old samples are not served. */
const SAMPLE_VERSION = 1;
const BUCKET = "renders" as const;

export type VoiceSampleFile = { bucket: typeof BUCKET; key: string };

const making = new Map<string, Promise<VoiceSampleFile>>();

function sampleKey(provider: string, voice: string): string {
  const safe = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, "-")
      .replace(/^-+|-+$/g, "") || "voice";
  return `voice-samples/${safe(provider)}-${safe(voice)}-v${SAMPLE_VERSION}.wav`;
}

/**
 * The stored sample of voice `voiceId`, made now when it does not exist yet (once per process at
 * a time; a race between processes ends with the first stored file). Null for an unknown voice.
 */
export async function voiceSample(voiceId: number): Promise<VoiceSampleFile | null> {
  if (!Number.isSafeInteger(voiceId) || voiceId <= 0) return null;
  const voice = await prisma.voice.findUnique({ where: { id: voiceId }, select: { providerVoice: true, language: true } });
  if (!voice) return null;
  const provider = voiceProvider();
  const key = sampleKey(provider.name, voice.providerVoice);
  if (await findStoredObject(BUCKET, key)) return { bucket: BUCKET, key };
  let pending = making.get(key);
  if (!pending) {
    pending = makeSample(key, voice.providerVoice, voice.language).finally(() => making.delete(key));
    making.set(key, pending);
  }
  return pending;
}

async function makeSample(key: string, voice: string, language: string): Promise<VoiceSampleFile> {
  const spoken = await voiceProvider().synthesize({ text: VOICE_SAMPLE_TEXT, voice, language });
  try {
    await storeFile({
      bucket: BUCKET,
      ownerId: null,
      isPublic: true,
      kinds: ["audio"],
      key,
      body: createReadStream(spoken.path),
      originalName: `voice-${voice}.wav`,
    });
  } catch (error) {
    // Another process stored it first.
    if (!(error instanceof StoredObjectExistsError || (error instanceof UploadError && error.code === "conflict"))) throw error;
  } finally {
    await rm(spoken.path, { force: true });
  }
  return { bucket: BUCKET, key };
}
