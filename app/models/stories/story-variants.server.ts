// Another size and variants of a finished Create Video story (issue 14 §5-6,
// docs/decisions/215-story-variants.md): the one core every door goes through.
//
// A variant is a new story linked to its original (stories.variantOfId), with its own aspect
// ratio, Style and hook. It is made from the original's project: the scenes are copied with the
// files that the change leaves valid (the voice-overs always, except the first scene's when the
// hook changes; the shots and clips when neither the ratio nor the Style changes), so the
// workflow (inngest/functions/story-variant.ts) makes only what is missing: no new script
// division, no new voice for an unchanged scene. The price is the price list's for exactly the
// steps that are made again, plus the compile (app/models/billing/prices.ts); it is charged with the
// story, in one transaction, through the work charges like Create Video (a work_charges row per
// variant, ledger reason "video_charge", reference "story:<id>"), so the workflow's refund on
// failure (refundVideoRequest) gives it back once (ADR 280).
import { NotFoundError, type Actor } from "~/models/access/actor.server";
import {
  chargeWorkInTx,
  formatCredits,
  InsufficientCredits,
  insufficientCreditsRefusal,
  priceOf,
  sumCredits,
  type VariantChanges,
  variantPriceItems,
} from "~/models/billing";
import { listLedgerReferencesInTx, lockBalanceInTx } from "~/models/billing/credits.server";
import { createProjectForStory, getProjectWithScenes } from "~/models/projects/project.server";
import { storedAdCopy } from "~/models/generation/ad-copy.server";
import { createQueuedStoryInTx, getVariantSource, storiesWithIdsInTx, type VariantSource } from "./stories.server";
import { listStoryTypes } from "./story-types.server";
import { sendVideoRequested, storyCreditReference, type CreateVideoOptions } from "./video-requests.server";
import { ASPECT_RATIO_INVALID, MAX_STORY_VARIANTS, STYLE_INVALID } from "./video-request-rules";
import { isAspectRatio, type AspectRatio } from "~/providers/media/types";
import { DEFAULT_VOICE_ID } from "~/utils/constants";
import { prisma } from "~/utils/db.server";
import { normalizeText } from "~/utils/text";

export const MAX_VARIANTS = MAX_STORY_VARIANTS;
export const HOOK_MIN_WORDS = 2;
export const HOOK_MAX_WORDS = 12;
export const HOOK_MAX_CHARS = 90;

export const VARIANT_MESSAGES = {
  notReady: "Only a finished video can be made in another size or as variants.",
  count: `Choose between 1 and ${MAX_VARIANTS} variants.`,
  unchanged: "Each variant must differ from the original in its aspect ratio, style or hook.",
  hook: `Please write a hook of ${HOOK_MIN_WORDS} to ${HOOK_MAX_WORDS} words.`,
  aspectRatio: ASPECT_RATIO_INVALID,
  style: STYLE_INVALID,
} as const;

/** What a variant changes; a field left out (or equal to the original's) is kept. */
export type VariantSpec = { aspectRatio?: string | null; storyTypeId?: number | null; hook?: string | null };

export type VariantQuote = {
  aspectRatio: AspectRatio;
  storyTypeId: number | null;
  styleName: string | null;
  hook: string | null;
  changes: VariantChanges;
  /** "16:9", "Unboxing", "new hook" ... joined: what the card says the variant is. */
  label: string;
  credits: number;
  /** The price list items (step per scene, and the compile) this variant pays for. */
  items: { item: string; credits: number }[];
};

export type QuoteResult =
  | { ok: true; storyId: number; sceneCount: number; variants: VariantQuote[]; total: number }
  | { ok: false; code: "not_found" }
  | { ok: false; code: "not_ready"; message: string }
  | { ok: false; code: "invalid"; message: string; errors: { index: number; field: "aspectRatio" | "storyTypeId" | "hook" | "count"; message: string }[] };

type Source = { original: VariantSource; scenes: { id: string; sceneOrder: number; voiceOverText: string | null; script: string | null }[] };

/**
 * A variant is made from the original (asked from a variant, from that variant's original): the
 * dashboard groups every variant under one card.
 */
async function loadSource(actor: Actor, storyId: number): Promise<Source | { error: "not_found" | "not_ready" }> {
  let story: VariantSource;
  try {
    story = await getVariantSource(actor, storyId);
    if (story.variantOfId) story = await getVariantSource(actor, story.variantOfId);
  } catch (error) {
    if (error instanceof NotFoundError) return { error: "not_found" };
    throw error;
  }
  if (story.status !== "ready" || !story.projectId) return { error: "not_ready" };
  let project: Awaited<ReturnType<typeof getProjectWithScenes>>;
  try {
    project = await getProjectWithScenes(actor, story.projectId);
  } catch (error) {
    if (error instanceof NotFoundError) return { error: "not_ready" };
    throw error;
  }
  if (project.scenes.length === 0) return { error: "not_ready" };
  return { original: story, scenes: project.scenes.map((s) => ({ id: s.id, sceneOrder: s.sceneOrder, voiceOverText: s.voiceOverText, script: s.script })) };
}

function wordsOf(text: string): number {
  return text ? text.split(/\s+/).filter(Boolean).length : 0;
}

/**
 * The variants a user asks for, checked against the original, each with its price from the
 * price list (shown before they confirm; the same figures are charged). Another user's story
 * is "not_found"; an unfinished one "not_ready".
 */
export async function quoteStoryVariants(actor: Actor, storyId: number, specs: readonly VariantSpec[]): Promise<QuoteResult> {
  const loaded = await loadSource(actor, storyId);
  if ("error" in loaded)
    return loaded.error === "not_found" ? { ok: false, code: "not_found" } : { ok: false, code: "not_ready", message: VARIANT_MESSAGES.notReady };
  const { original, scenes } = loaded;
  if (specs.length < 1 || specs.length > MAX_VARIANTS) {
    return { ok: false, code: "invalid", message: VARIANT_MESSAGES.count, errors: [{ index: -1, field: "count", message: VARIANT_MESSAGES.count }] };
  }
  const styles = await listStoryTypes();
  const errors: Extract<QuoteResult, { code: "invalid" }>["errors"] = [];
  const variants: VariantQuote[] = [];
  specs.forEach((spec, index) => {
    const aspectRatio = spec.aspectRatio ?? original.aspectRatio;
    if (!isAspectRatio(aspectRatio)) errors.push({ index, field: "aspectRatio", message: VARIANT_MESSAGES.aspectRatio });
    const storyTypeId = spec.storyTypeId ?? original.storyTypeId;
    const style = storyTypeId === null ? null : styles.find((s) => s.id === storyTypeId);
    if (storyTypeId !== null && !style) errors.push({ index, field: "storyTypeId", message: VARIANT_MESSAGES.style });
    const hook = spec.hook == null ? "" : normalizeText(spec.hook);
    if (hook && (wordsOf(hook) < HOOK_MIN_WORDS || wordsOf(hook) > HOOK_MAX_WORDS || hook.length > HOOK_MAX_CHARS)) {
      errors.push({ index, field: "hook", message: VARIANT_MESSAGES.hook });
    }
    if (!isAspectRatio(aspectRatio)) return;
    const changes = { aspectRatio: aspectRatio !== original.aspectRatio, style: storyTypeId !== original.storyTypeId, hook: hook !== "" };
    if (!changes.aspectRatio && !changes.style && !changes.hook) {
      errors.push({ index, field: "aspectRatio", message: VARIANT_MESSAGES.unchanged });
      return;
    }
    const styleName = style?.name ?? original.storyTypeName;
    const label = [changes.aspectRatio ? aspectRatio : null, changes.style ? styleName : null, changes.hook ? `hook "${hook}"` : null]
      .filter(Boolean)
      .join(", ");
    variants.push({ aspectRatio, storyTypeId, styleName, hook: hook || null, changes, label, ...variantPriceItems(changes, scenes.length) });
  });
  if (errors.length > 0) return { ok: false, code: "invalid", message: errors[0].message, errors };
  return { ok: true, storyId: original.id, sceneCount: scenes.length, variants, total: sumCredits(variants.map((v) => v.credits)) };
}

export type RequestVariantsResult =
  | { ok: true; storyIds: number[]; credits: number; duplicate: boolean; balance: number | null }
  | Exclude<QuoteResult, { ok: true }>
  | { ok: false; code: "insufficient_credits"; needed: number; balance: number; message: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ledger note of a variant request's charges: the client's request id makes a retry a no-op. */
function variantsNote(requestId: string): string {
  return `variants:${requestId.toLowerCase()}`;
}

/**
 * Charges the quoted price of each variant and creates the variant stories (queued), all or
 * nothing, in one transaction; then starts their workflows. A repeated request with the same
 * `requestId` returns the first request's stories and charges nothing. `expectedTotal`, when
 * given, must equal the price now (the user confirmed that figure): otherwise nothing is charged
 * and the new quote comes back as "invalid".
 */
export async function requestStoryVariants(
  actor: Actor,
  input: { storyId: number; variants: readonly VariantSpec[]; requestId?: string | null; expectedTotal?: number | null },
  options: CreateVideoOptions = {},
): Promise<RequestVariantsResult> {
  const requestId = input.requestId && UUID.test(input.requestId) ? input.requestId : null;
  const quote = await quoteStoryVariants(actor, input.storyId, input.variants);
  if (!quote.ok) return quote;
  const loaded = await loadSource(actor, quote.storyId);
  if ("error" in loaded) return { ok: false, code: "not_found" };
  const { original } = loaded;
  // The variant is the owner's story and its charge the owner's (its refund goes back to the
  // owner): only the owner asks for one; an admin sees the prices but cannot spend for them.
  if (original.userId !== actor.id) return { ok: false, code: "not_found" };
  if (input.expectedTotal != null && Math.round(input.expectedTotal * 100) !== Math.round(quote.total * 100)) {
    const message = `The price changed to ${formatCredits(quote.total)} credits. Please confirm again.`;
    return { ok: false, code: "invalid", message, errors: [{ index: -1, field: "count", message }] };
  }
  const payerId = original.userId;
  let outcome: { storyIds: number[]; duplicate: boolean; balance: number | null };
  try {
    outcome = await prisma.$transaction(
      async (tx) => {
        const balance = await lockBalanceInTx(tx, payerId);
        if (requestId) {
          const refs = await listLedgerReferencesInTx(tx, { userId: payerId, reason: "video_charge", note: variantsNote(requestId) });
          const ids = refs.map((r) => Number(r.replace(/^story:/, ""))).filter(Number.isSafeInteger);
          if (ids.length > 0) {
            const earlier = await storiesWithIdsInTx(tx, ids);
            return { storyIds: earlier.map((s) => s.id), duplicate: true, balance: null };
          }
        }
        if (quote.total > balance) throw new InsufficientCredits(quote.total, balance);
        const storyIds: number[] = [];
        let after: number | null = balance;
        for (const v of quote.variants) {
          const story = await createQueuedStoryInTx(tx, {
            userId: payerId,
            source: original.source,
            readyToGo: original.readyToGo,
            voiceId: original.voiceId ?? DEFAULT_VOICE_ID,
            storyTypeId: v.storyTypeId,
            aspectRatio: v.aspectRatio,
            productImageUrl: original.productImageUrl,
            backgroundMusicUrl: original.backgroundMusicUrl,
            creditsCharged: v.credits,
            variantOfId: original.id,
            hookText: v.hook,
            captions: original.captions,
          });
          const reference = storyCreditReference(story.id);
          const charge = await chargeWorkInTx(tx, actor, {
            batchId: reference,
            items: [
              {
                item: "variant",
                work: "story_variant",
                credits: v.credits,
                ledger: { reference, note: requestId ? variantsNote(requestId) : `variant of story:${original.id}` },
              },
            ],
          });
          after = charge.balance;
          storyIds.push(story.id);
        }
        return { storyIds, duplicate: false, balance: after };
      },
      { maxWait: 10_000, timeout: 20_000 },
    );
  } catch (error) {
    if (error instanceof InsufficientCredits) {
      return insufficientCreditsRefusal(error);
    }
    throw error;
  }
  if (!outcome.duplicate) {
    for (const id of outcome.storyIds) await sendVideoRequested({ id, userId: payerId, variantOfId: original.id }, options);
  }
  const credits = outcome.duplicate ? 0 : quote.total;
  return { ok: true, storyIds: outcome.storyIds, credits, duplicate: outcome.duplicate, balance: outcome.balance };
}

/** Replaces the first sentence of a scene's text with the variant's hook (the rest is kept). */
export function withHook(text: string, hook: string): string {
  const trimmed = text.trim();
  const m = /^.*?[.!?…]+(?:\s+|$)/su.exec(trimmed);
  const rest = m ? trimmed.slice(m[0].length).trim() : "";
  const line = /[.!?…]$/u.test(hook) ? hook : `${hook}.`;
  return rest ? `${line} ${rest}` : line;
}

/**
 * The variant story's project: a copy of its original's project in the variant's ratio and
 * Style, its scenes with the files the change leaves valid (ADR 215). Idempotent: a retried
 * step gets the project made the first time. Called by the variant workflow.
 */
export async function prepareVariantProject(
  actor: Actor,
  variantStoryId: number,
): Promise<{ projectId: string; title: string; sceneIds: string[]; created: boolean }> {
  const variant = await getVariantSource(actor, variantStoryId);
  if (!variant.variantOfId) throw new NotFoundError("Story variant");
  const original = await getVariantSource(actor, variant.variantOfId);
  if (!original.projectId) throw new NotFoundError("Original project");
  const source = await getProjectWithScenes(actor, original.projectId);
  const sameLook = variant.aspectRatio === source.aspectRatio && variant.storyTypeId === original.storyTypeId;
  const styleName =
    variant.storyTypeId === original.storyTypeId ? source.style : ((await listStoryTypes()).find((s) => s.id === variant.storyTypeId)?.name ?? null);
  const hook = variant.hookText?.trim() || null;
  const { project, created } = await createProjectForStory(actor, variantStoryId, {
    title: source.title,
    description: `Variant of Create Video request #${original.id}`,
    fullScript: source.fullScript,
    mainProductImageUrl: source.mainProductImageUrl,
    style: styleName,
    voiceId: source.voiceId,
    // The original's music bed (uploaded or composed): no new composition.
    backgroundMusicUrl: source.backgroundMusicUrl,
    aspectRatio: variant.aspectRatio,
    status: "in_progress",
    // The original's words from a language model (ADR 377): checked again against the variant's scenes where drawn.
    adCopy: storedAdCopy(source),
    scenes: source.scenes.map((s, i) => {
      const newHook = i === 0 && hook !== null;
      const keepVoice = !newHook && Boolean(s.voiceOverUrl);
      const keepPicture = sameLook && !newHook && Boolean(s.imageUrl);
      return {
        title: s.title ?? `Scene ${i + 1}`,
        script: newHook ? withHook(s.script ?? "", hook) : (s.script ?? ""),
        voiceOverText: newHook ? withHook(s.voiceOverText ?? s.script ?? "", hook) : (s.voiceOverText ?? ""),
        description: s.description,
        imagePrompt: s.imagePrompt,
        duration: keepVoice ? s.duration : null,
        // The brand's own photo or clip stays the scene's material in every size (ADR 315).
        sourceMediaUrl: s.sourceMediaUrl,
        reused: {
          ...(keepVoice ? { voiceOverUrl: s.voiceOverUrl, voiceOverInputsHash: s.voiceOverInputsHash, voiceOverDuration: s.voiceOverDuration } : {}),
          ...(keepPicture ? { imageUrl: s.imageUrl, imageInputsHash: s.imageInputsHash, videoUrl: s.videoUrl, videoInputsHash: s.videoInputsHash } : {}),
        },
      };
    }),
  });
  return { projectId: project.id, title: project.title, sceneIds: project.scenes.map((s) => s.id), created };
}

/** What the finished variant shows besides its video: its original's title and hashtags. */
export async function variantMetadata(actor: Actor, variantStoryId: number): Promise<{ seoTitle: string | null; hashtags: string[] }> {
  const variant = await getVariantSource(actor, variantStoryId);
  const original = variant.variantOfId ? await getVariantSource(actor, variant.variantOfId) : variant;
  return { seoTitle: original.seoTitle, hashtags: original.instagramHashtags };
}

export type VariantOptions = {
  story: { id: number; title: string | null; aspectRatio: string; storyTypeId: number | null; styleName: string | null; sceneCount: number };
  /** The other sizes, each with its price. */
  sizes: { aspectRatio: AspectRatio; credits: number }[];
  styles: { id: number; name: string }[];
};

/**
 * What the "Make another size" and "Make variants" page offers for a story the actor may see
 * (asked for a variant: its original's). "not_found" and "not_ready" as quoteStoryVariants.
 */
export async function storyVariantOptions(
  actor: Actor,
  storyId: number,
): Promise<{ ok: true; options: VariantOptions } | Exclude<QuoteResult, { ok: true } | { code: "invalid" }>> {
  const loaded = await loadSource(actor, storyId);
  if ("error" in loaded)
    return loaded.error === "not_found" ? { ok: false, code: "not_found" } : { ok: false, code: "not_ready", message: VARIANT_MESSAGES.notReady };
  const { original, scenes } = loaded;
  const sizes = (["9:16", "1:1", "16:9"] as const)
    .filter((r) => r !== original.aspectRatio)
    .map((aspectRatio) => ({
      aspectRatio,
      credits: priceOf({ work: "story_variant", changes: { aspectRatio: true, style: false, hook: false }, sceneCount: scenes.length }),
    }));
  return {
    ok: true,
    options: {
      story: {
        id: original.id,
        title: original.seoTitle,
        aspectRatio: original.aspectRatio,
        storyTypeId: original.storyTypeId,
        styleName: original.storyTypeName,
        sceneCount: scenes.length,
      },
      sizes,
      styles: await listStoryTypes(),
    },
  };
}
