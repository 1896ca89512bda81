// Voice samples in the Create Video dialog (issue 14 §4, docs/decisions/201-voice-samples.md):
// each voice's sample is made once by the voice provider, stored, and served to signed-in users.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as sampleLoader } from "~/routes/resources.voices.$voiceId.sample";
import { prisma } from "~/utils/db.server";
import { newUser, useTempStorage } from "./storage-helpers";

let store: Awaited<ReturnType<typeof useTempStorage>>;
let user: Awaited<ReturnType<typeof newUser>>;
let voiceId: number;

beforeAll(async () => {
  store = await useTempStorage();
  user = await newUser();
  // A sample of this provider voice that another test file made (seed voice 2 speaks "rms" too,
  // and the route fuzzer may ask for it) lives in that file's storage, not in this one's.
  await prisma.storedObject.deleteMany({ where: { bucket: "renders", key: { startsWith: "voice-samples/local-tts-rms-" } } });
  const voice = await prisma.voice.upsert({
    where: { name: "Sample test voice (rms)" },
    create: { name: "Sample test voice (rms)", providerVoice: "rms" },
    update: {},
  });
  voiceId = voice.id;
}, 60_000);
afterAll(async () => {
  await prisma.storedObject.deleteMany({ where: { bucket: "renders", key: { startsWith: "voice-samples/local-tts-rms-" } } });
  await store.cleanup();
});

function get(id: string, cookie?: string, headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost/resources/voices/${id}/sample`, { headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers } });
  return sampleLoader({ request, params: { voiceId: id }, context: {} });
}

async function answer(p: Promise<Response>): Promise<Response> {
  try {
    return await p;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("GET /resources/voices/:voiceId/sample", () => {
  it("makes the sample once, stores it, and serves it as audio with byte ranges", async () => {
    const first = await answer(get(String(voiceId), user.cookie));
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("audio/wav");
    const body = Buffer.from(await first.arrayBuffer());
    expect(body.subarray(0, 4).toString("ascii")).toBe("RIFF");
    expect(body.length).toBeGreaterThan(20_000);
    // Only this voice's sample: other test files ask for other voices' samples at the same time.
    const stored = await prisma.storedObject.findMany({ where: { bucket: "renders", key: { startsWith: "voice-samples/local-tts-rms-" } } });
    expect(stored).toHaveLength(1);
    expect(stored[0].key).toMatch(/^voice-samples\/local-tts-rms-v\d+\.wav$/);
    // Served again from storage: no second file, and ranges work for the <audio> player.
    const again = await answer(get(String(voiceId), user.cookie, { Range: "bytes=0-99" }));
    expect(again.status).toBe(206);
    expect(Buffer.from(await again.arrayBuffer()).equals(body.subarray(0, 100))).toBe(true);
    expect(await prisma.storedObject.count({ where: { bucket: "renders", key: { startsWith: "voice-samples/local-tts-rms-" } } })).toBe(1);
  }, 60_000);

  it("answers 404 for unknown or malformed voices and sends visitors to sign in", async () => {
    for (const id of ["99999999", "0", "-1", "abc", "1e3", "12345678901234567890"]) {
      expect((await answer(get(id, user.cookie))).status).toBe(404);
    }
    const anon = await answer(get(String(voiceId)));
    expect(anon.status).toBe(302);
    expect(anon.headers.get("Location")).toMatch(/login/);
  });
});
