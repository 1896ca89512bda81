// Voices: the list the Create Video dialog offers, and the speech engine's voice behind each.
import { Prisma, prisma, sqlRows } from "~/utils/db.server";
import { DEFAULT_VOICE_ID } from "~/utils/constants";

export type VoiceOption = { id: number; name: string };

/** Every voice, by id (voice 1 is the default, docs/product.md#create-video). */
export function listVoices(): Promise<VoiceOption[]> {
  // Read by every Create Video page: straight to the pool (docs/decisions/392-hot-reads-on-the-pg-pool.md).
  return sqlRows<VoiceOption>(Prisma.sql`SELECT "id", "name" FROM "voices" ORDER BY "id" ASC`);
}

export async function voiceExists(id: number): Promise<boolean> {
  return (await prisma.voice.count({ where: { id } })) > 0;
}

/** The voice a form should preselect: the default when it exists, else the first one. */
export function defaultVoiceId(voices: VoiceOption[]): number | null {
  return voices.find((v) => v.id === DEFAULT_VOICE_ID)?.id ?? voices[0]?.id ?? null;
}

/** The speech engine's voice and language for `voiceId` (voice 1 when none was chosen or it is gone). */
export async function ttsVoice(voiceId: number | null | undefined): Promise<{ voice: string; language: string }> {
  const select = { providerVoice: true, language: true } as const;
  const voice =
    (await prisma.voice.findUnique({ where: { id: voiceId ?? DEFAULT_VOICE_ID }, select })) ??
    (await prisma.voice.findUnique({ where: { id: DEFAULT_VOICE_ID }, select }));
  return { voice: voice?.providerVoice ?? "slt", language: voice?.language ?? "en" };
}
