// Create Video submissions (docs/product.md#create-video): the one
// core every door (the /create-video action, later MCP or agents) goes through.
//
// createVideoRequest validates the input, then in ONE transaction writes the stories row and
// charges the price list's price of a video through the work charges (a work_charges row, batch
// and ledger reference "story:<id>"), so a story never exists without its charge and a charge
// never exists without its story. The account row is locked first, which serialises a user's
// submissions: two at once with 20 credits make exactly one story, and a retried submission with
// the same client request id (kept in the charge's ledger note) finds the first one instead of
// charging again. The "video/requested" event is sent after the commit; a send that fails leaves
// the story queued, and resendQueuedVideoRequests sends it again (the event id is derived from
// the story, so a repeated send never starts a second run).
//
// refundVideoRequest is what the workflow calls when production fails: it gives the story's
// charge back exactly once (reason "refund", reference "story:<id>") and marks the story failed,
// in one transaction; settleVideoRequest marks it delivered when the video is ready.
// See docs/decisions/090-video-request-submission.md and 280-one-charging-path.md.
import { captionPickFor, saveCaptionPreference } from "~/models/captions/caption-preference.server";
import type { CaptionInput } from "~/models/captions/caption-rules";
import { assertActor, NotFoundError, type Actor } from "~/models/access/actor.server";
import { mayAccess } from "~/models/access/permissions.server";
import { chargeWorkInTx, InsufficientCredits, priceOf, refundBatchChargesInTx, settleBatchChargesInTx } from "~/models/billing";
import { findLedgerEntryInTx, lockBalanceInTx } from "~/models/billing/credits.server";
import { createQueuedStoryInTx, failStoryInTx, findStoryInTx, listQueuedStories, lockStoryInTx } from "./stories.server";
import { storyTypeExists } from "./story-types.server";
import { userExists } from "~/models/access/user.server";
import { voiceExists } from "~/models/generation/voices.server";
import { DEFAULT_VOICE_ID, SCRIPT_WORD_LIMIT } from "~/utils/constants";
import { Prisma, prisma } from "~/utils/db.server";
import type { BucketName } from "~/utils/storage/buckets";
import type { MediaKind } from "~/utils/storage/media-types";
import { isAspectRatio, type AspectRatio } from "~/providers/media/types";
import { holdStoredObjectsInTx, resolveUploadRef, type StoredFile } from "~/models/files/stored-files.server";
import {
  ASPECT_RATIO_INVALID,
  countWords,
  DEFAULT_STORY_ASPECT_RATIO,
  createFailedMessage,
  normalizeScript,
  SCRIPT_TOO_LONG,
  STYLE_INVALID,
  VIDEO_MESSAGES,
  VOICE_INVALID,
  type FieldErrors,
} from "./video-request-rules";
import { MEDIA_BUCKETS, MEDIA_LIMITS, MEDIA_MESSAGES, ownMediaKind } from "./video-media";
import { sendWorkflowEvents } from "~/models/workflows/engine.server";
import { storyVariantRequested, videoRequested } from "~/models/workflows/events";

export const VIDEO_REQUESTED_EVENT = videoRequested.name;

/** The charge and the refund of a story share this ledger reference (and it is the charge's batch). */
export function storyCreditReference(storyId: number): string {
  return `story:${storyId}`;
}

/** Ledger note of the charge: the client's request id, which makes a retried submission a no-op. */
function requestNote(requestId: string): string {
  return `request:${requestId}`;
}

/** One event id per story: re-sending the event is a no-op for the engine (ADR 070). */
export function videoRequestedEventId(storyId: number): string {
  return `video-requested-story-${storyId}`;
}

export type VideoFiles = {
  /** "product-photos/<key>" uploaded by this user (the JS upload or the plain form post). */
  productImageRef?: string | null;
  /** "background-music/<key>" uploaded by this user. */
  backgroundMusicRef?: string | null;
  /**
   * The brand's own photos and clips, in the order the scenes show them (ADR 315):
   * "product-photos/<key>" and "product-clips/<key>" uploaded by this user; at most 8 photos and
   * 4 clips. With productImageRef too, that photo stays the product the compositor cuts out; without
   * it, the first photo here is.
   */
  mediaRefs?: readonly string[] | null;
};

export type CreateVideoInput = VideoFiles & {
  script: string;
  voiceId?: number | null;
  storyTypeId?: number | null;
  /** "9:16" (default), "1:1" or "16:9". */
  aspectRatio?: string | null;
  readyToGo?: boolean;
  /** Client-generated UUID; the same id never charges twice. */
  requestId?: string | null;
  /** The caption look (ADR 350): parts left out come from the actor's last choice; null is the Style's own. */
  captions?: CaptionInput | null;
};

export type CreateVideoResult =
  | { ok: true; storyId: number; duplicate: boolean; balance: number | null; eventSent: boolean }
  | { ok: false; code: "invalid"; fieldErrors: FieldErrors; message: string }
  | { ok: false; code: "insufficient_credits"; balance: number; title: string; message: string }
  | { ok: false; code: "no_user"; message: string }
  | { ok: false; code: "failed"; message: string };

export type SendEvent = (event: { name: string; data: { storyId: number; userId: string }; id: string }) => Promise<unknown>;

export type CreateVideoOptions = {
  /** How the event goes out (default: the Inngest client). Tests pass a failing one. */
  send?: SendEvent;
  /** Longest the request waits for the send; it goes on in the background after that. */
  sendTimeoutMs?: number;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const MAX_SCRIPT_CHARS = 20_000;

const FILE_SLOTS = [
  { field: "productImage", refKey: "productImageRef", bucket: "product-photos", kind: "image" },
  { field: "backgroundMusic", refKey: "backgroundMusicRef", bucket: "background-music", kind: "audio" },
] as const satisfies readonly { field: keyof FieldErrors; refKey: keyof VideoFiles; bucket: BucketName; kind: MediaKind }[];

export const FILE_NOT_FOUND = "The uploaded file could not be found. Please upload it again.";

class FilesGone extends Error {
  constructor(readonly fieldErrors: FieldErrors) {
    super("an uploaded file is gone");
  }
}

type Resolved = {
  script: string;
  voiceId: number;
  storyTypeId: number | null;
  aspectRatio: AspectRatio;
  readyToGo: boolean;
  files: Record<"productImage" | "backgroundMusic", StoredFile | null>;
  /** The own media, resolved, in order. */
  media: StoredFile[];
};

/** Resolves the own media: each the actor's own photo or clip, within the counts; an error for the "media" field otherwise. */
async function resolveMedia(userId: string, refs: readonly string[]): Promise<{ media: StoredFile[]; error?: string }> {
  const media: StoredFile[] = [];
  const seen = new Set<string>();
  const counts = { photo: 0, clip: 0 };
  for (const [i, raw] of refs.entries()) {
    const ref = typeof raw === "string" ? raw.trim() : "";
    if (!ref || seen.has(ref)) continue;
    seen.add(ref);
    const kind = ownMediaKind(ref);
    if (!kind) return { media, error: MEDIA_MESSAGES.notMedia(i + 1) };
    counts[kind]++;
    if (counts[kind] > MEDIA_LIMITS[kind]) {
      const total = refs.filter((r) => ownMediaKind(String(r)) === kind).length;
      return { media, error: MEDIA_MESSAGES.tooMany(kind, total) };
    }
    const file = await resolveUploadRef(ref, { bucket: MEDIA_BUCKETS[kind], ownerId: userId, kinds: [kind === "photo" ? "image" : "video"] });
    if (!file) return { media, error: MEDIA_MESSAGES.notFound(i + 1) };
    media.push(file);
  }
  return { media };
}

async function validate(userId: string, input: CreateVideoInput): Promise<{ ok: true; value: Resolved } | { ok: false; fieldErrors: FieldErrors }> {
  const fieldErrors: FieldErrors = {};
  // Normalised before any rule (ADR 127): a script of invisible characters only is empty, and
  // is refused here, before the charge.
  const script = normalizeScript(input.script);
  if (!script) fieldErrors.script = VIDEO_MESSAGES.scriptRequired;
  else if (countWords(script) > SCRIPT_WORD_LIMIT || script.length > MAX_SCRIPT_CHARS) fieldErrors.script = SCRIPT_TOO_LONG;

  const voiceId = input.voiceId ?? DEFAULT_VOICE_ID;
  if (!Number.isSafeInteger(voiceId) || voiceId <= 0 || !(await voiceExists(voiceId))) fieldErrors.voiceId = VOICE_INVALID;

  const storyTypeId = input.storyTypeId ?? null;
  if (storyTypeId !== null && (!Number.isSafeInteger(storyTypeId) || storyTypeId <= 0 || !(await storyTypeExists(storyTypeId)))) {
    fieldErrors.storyTypeId = STYLE_INVALID;
  }

  const aspectRatio = input.aspectRatio ?? DEFAULT_STORY_ASPECT_RATIO;
  if (!isAspectRatio(aspectRatio)) fieldErrors.aspectRatio = ASPECT_RATIO_INVALID;

  const files: Resolved["files"] = { productImage: null, backgroundMusic: null };
  for (const slot of FILE_SLOTS) {
    const ref = input[slot.refKey];
    if (!ref) continue;
    // Only the user's own file in the right bucket and of the right kind (never another user's).
    const file = await resolveUploadRef(ref, { bucket: slot.bucket, ownerId: userId, kinds: [slot.kind] });
    if (file) files[slot.field] = file;
    else fieldErrors[slot.field] = FILE_NOT_FOUND;
  }

  const refs = input.mediaRefs ?? [];
  if (!Array.isArray(refs)) fieldErrors.media = MEDIA_MESSAGES.notMedia(1);
  const own = Array.isArray(refs) ? await resolveMedia(userId, refs) : { media: [] };
  if (own.error) fieldErrors.media = own.error;

  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return {
    ok: true,
    value: { script, voiceId, storyTypeId, aspectRatio: aspectRatio as AspectRatio, readyToGo: input.readyToGo === true, files, media: own.media },
  };
}

function firstError(errors: FieldErrors): string {
  return (
    errors.script ??
    errors.voiceId ??
    errors.storyTypeId ??
    errors.aspectRatio ??
    errors.productImage ??
    errors.backgroundMusic ??
    errors.media ??
    "Invalid input"
  );
}

/**
 * Accepts the actor's Create Video submission: charges the price of a video (20 credits) and
 * creates the story (status queued) atomically, then sends "video/requested" {storyId, userId}.
 * Nothing is charged unless the story exists, and a retry with the same requestId returns the
 * first story (duplicate: true). The actor pays and owns the story.
 */
export async function createVideoRequest(actor: Actor, input: CreateVideoInput, options: CreateVideoOptions = {}): Promise<CreateVideoResult> {
  assertActor(actor);
  const user = actor.id && (await userExists(actor.id)) ? { id: actor.id } : null;
  if (!user) return { ok: false, code: "no_user", message: VIDEO_MESSAGES.noUser };

  const price = priceOf({ work: "video" });
  const requestId = input.requestId && UUID.test(input.requestId) ? input.requestId.toLowerCase() : null;
  const checked = await validate(user.id, input);
  if (!checked.ok) return { ok: false, code: "invalid", fieldErrors: checked.fieldErrors, message: firstError(checked.fieldErrors) };
  const { value } = checked;
  const captions = await captionPickFor(actor, input.captions);

  let outcome: { storyId: number; duplicate: boolean; balance: number | null; status: string };
  try {
    outcome = await prisma.$transaction(
      async (tx) => {
        // The lock on the balance row orders this user's submissions one after the other.
        const balance = await lockBalanceInTx(tx, user.id);
        if (requestId) {
          const earlier = await findLedgerEntryInTx(tx, { userId: user.id, reason: "video_charge", note: requestNote(requestId) });
          const earlierId = Number(earlier?.reference?.replace(/^story:/, ""));
          if (earlier && Number.isSafeInteger(earlierId)) {
            const story = await findStoryInTx(tx, earlierId);
            if (story) return { storyId: story.id, duplicate: true, balance: null, status: story.status };
          }
        }
        if (balance < price) throw new InsufficientCredits(price, balance);

        // The story's files are held until the commit, so the sweep of unused uploads
        // (unused-uploads.server.ts) cannot remove one under it; one it removed since validate()
        // is reported like any missing file.
        const held = [
          ...FILE_SLOTS.flatMap((slot) =>
            value.files[slot.field] ? [{ field: slot.field as keyof FieldErrors, id: value.files[slot.field]!.id, position: 0 }] : [],
          ),
          ...value.media.map((m, i) => ({ field: "media" as const, id: m.id, position: i + 1 })),
        ];
        if (held.length > 0) {
          const present = await holdStoredObjectsInTx(
            tx,
            held.map((h) => h.id),
          );
          const gone = held.filter((h) => !present.has(h.id));
          if (gone.length > 0) {
            throw new FilesGone(Object.fromEntries(gone.map((g) => [g.field, g.position ? MEDIA_MESSAGES.notFound(g.position) : FILE_NOT_FOUND])));
          }
        }

        // Delivered on commit only: open dashboards show the new card as Processing.
        const story = await createQueuedStoryInTx(tx, {
          userId: user.id,
          source: value.script,
          readyToGo: value.readyToGo,
          voiceId: value.voiceId,
          storyTypeId: value.storyTypeId,
          aspectRatio: value.aspectRatio,
          productImageUrl: value.files.productImage?.url ?? null,
          backgroundMusicUrl: value.files.backgroundMusic?.url ?? null,
          mediaUrls: value.media.map((m) => m.url),
          creditsCharged: price,
          captions: captions.pick,
        });
        // A short balance throws, which rolls the story back with the charge that could not be made.
        const charge = await chargeWorkInTx(tx, actor, {
          batchId: storyCreditReference(story.id),
          items: [
            {
              item: "video",
              work: "video",
              credits: price,
              ledger: { reference: storyCreditReference(story.id), note: requestId ? requestNote(requestId) : null },
            },
          ],
        });
        return { storyId: story.id, duplicate: false, balance: charge.balance, status: story.status };
      },
      { maxWait: 10_000, timeout: 20_000 },
    );
  } catch (error) {
    if (error instanceof InsufficientCredits) {
      return { ok: false, code: "insufficient_credits", balance: error.balance, ...insufficientToast() };
    }
    if (error instanceof FilesGone) return { ok: false, code: "invalid", fieldErrors: error.fieldErrors, message: firstError(error.fieldErrors) };
    console.error("[create-video] could not create the video request", error);
    return { ok: false, code: "failed", message: createFailedMessage(failureReason(error)) };
  }

  if (captions.said && !outcome.duplicate) await saveCaptionPreference(actor, captions.pick);
  // After the commit: a lost event leaves the story queued for resendQueuedVideoRequests.
  const eventSent = outcome.status === "queued" ? await sendVideoRequested({ id: outcome.storyId, userId: user.id }, options) : true;
  return { ok: true, storyId: outcome.storyId, duplicate: outcome.duplicate, balance: outcome.balance, eventSent };
}

function insufficientToast(): { title: string; message: string } {
  return { title: VIDEO_MESSAGES.insufficient.title, message: VIDEO_MESSAGES.insufficient.description };
}

/** A reason people can read; database internals stay in the log. */
function failureReason(error: unknown): string {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2028") return "The server is busy";
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2003") return "A selected option no longer exists";
  return "An unexpected error occurred";
}

const defaultSend: SendEvent = (event) =>
  sendWorkflowEvents(
    event.name === storyVariantRequested.name
      ? storyVariantRequested.create(event.data, { id: event.id })
      : videoRequested.create(event.data, { id: event.id }),
  );

/** One event id per variant story (ADR 215): re-sending it is a no-op for the engine. */
export function storyVariantEventId(storyId: number): string {
  return `story-variant-requested-${storyId}`;
}

/**
 * Sends "video/requested" for a story. Resolves false (and logs) when the send fails or takes
 * longer than `sendTimeoutMs`; the story then stays queued and is picked up by a later resend.
 */
export async function sendVideoRequested(
  story: { id: number; userId: string; variantOfId?: number | null },
  options: CreateVideoOptions = {},
): Promise<boolean> {
  const send = options.send ?? defaultSend;
  const timeoutMs = options.sendTimeoutMs ?? 5000;
  let timer: NodeJS.Timeout | undefined;
  // Another size or a variant is made from its original's assets by its own workflow (ADR 215).
  const event = story.variantOfId
    ? { name: storyVariantRequested.name, data: { storyId: story.id, userId: story.userId }, id: storyVariantEventId(story.id) }
    : { name: VIDEO_REQUESTED_EVENT, data: { storyId: story.id, userId: story.userId }, id: videoRequestedEventId(story.id) };
  const attempt = Promise.resolve()
    .then(() => send(event))
    .then(
      () => true,
      (error: unknown) => {
        console.error(`[create-video] sending ${event.name} for story ${story.id} failed; it stays queued`, error);
        return false;
      },
    );
  try {
    return await Promise.race([
      attempt,
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => {
          console.warn(`[create-video] sending ${event.name} for story ${story.id} is slow; answering without waiting`);
          resolve(false);
        }, timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Sends the event again for stories still queued after `olderThanMs` (the first send failed,
 * or the app stopped in between). Safe to call any time and from several places: the event id
 * is derived from the story, so the workflow engine runs each story once. Returns how many
 * events went out.
 */
export async function resendQueuedVideoRequests(
  opts: { olderThanMs?: number; userId?: string; limit?: number } & CreateVideoOptions = {},
): Promise<{ found: number; sent: number }> {
  const before = new Date(Date.now() - (opts.olderThanMs ?? 60_000));
  const stories = await listQueuedStories({ before, userId: opts.userId, limit: opts.limit ?? 100 });
  let sent = 0;
  for (const story of stories) if (await sendVideoRequested(story, opts)) sent++;
  return { found: stories.length, sent };
}

export type RefundResult =
  { ok: true; refunded: number; alreadyRefunded: boolean; balance: number | null } | { ok: false; code: "not_found" | "not_refundable" };

/**
 * Called by the workflow when a video cannot be produced: gives the story's charge back once
 * (reason "refund", reference "story:<id>") and marks the story failed with `reason`. Calling
 * it again, even concurrently, refunds nothing more. A story that is already ready is left alone;
 * one the actor may not see (not theirs, and they are no admin) is "not_found".
 */
export async function refundVideoRequest(actor: Actor, storyId: number, reason: string): Promise<RefundResult> {
  const message = (reason || "Video production failed").slice(0, 1000);
  try {
    return await prisma.$transaction(
      async (tx) => {
        const story = await lockStoryInTx(tx, storyId);
        if (!story || !mayAccess(actor, story.userId)) return { ok: false, code: "not_found" } as const;
        if (story.status === "ready") return { ok: false, code: "not_refundable" } as const;

        const refund = await refundBatchChargesInTx(tx, storyCreditReference(story.id), message.slice(0, 200));
        if (story.status !== "failed" || refund.refunded > 0) {
          await failStoryInTx(tx, story, message);
        }
        return { ok: true, refunded: refund.refunded, alreadyRefunded: refund.alreadyRefunded, balance: refund.balance ?? null } as const;
      },
      { maxWait: 10_000, timeout: 20_000 },
    );
  } catch (error) {
    // A concurrent refund of the same story committed first (unique ledger reference).
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      return { ok: true, refunded: 0, alreadyRefunded: true, balance: null };
    }
    throw error;
  }
}

/**
 * The story's video is ready: its charge (Create Video or variant) was delivered and stays
 * (a story not ready is left as it is). Idempotent. NotFoundError for a story the actor may not see.
 * `clipsOwed`: the scenes of the story's project whose clips the run makes after Ready (ADR 380).
 * Their clips are paid by the story's settled charge, so each such scene without a clip records it
 * (`Scene.clipPaidBy`), and its video step is free for the story's owner until a clip is made (ADR 383).
 */
export async function settleVideoRequest(actor: Actor, storyId: number, opts: { clipsOwed?: readonly string[] } = {}): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const story = await lockStoryInTx(tx, storyId);
    if (!story || !mayAccess(actor, story.userId)) throw new NotFoundError("Story");
    if (story.status !== "ready") return;
    const reference = storyCreditReference(story.id);
    await settleBatchChargesInTx(tx, reference);
    // Only a story that was paid (its charge delivered, never refunded: a Ready story is not) owes clips.
    if (!opts.clipsOwed?.length || !story.projectId) return;
    if ((await tx.workCharge.count({ where: { batchId: reference, status: "completed", credits: { gt: 0 } } })) === 0) return;
    await tx.scene.updateMany({
      where: { id: { in: [...opts.clipsOwed] }, projectId: story.projectId, videoUrl: null },
      data: { clipPaidBy: reference },
    });
  });
}
