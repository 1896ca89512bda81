// Stories (video requests and their results): the reads of the Dashboard and Explore, the
// owner's public/private switch, the status changes the video workflow makes, and the story
// rows Create Video writes (its charge and refund run in the caller's transaction, with the
// *InTx functions). Every status change publishes a live "story.updated" event to the owner in
// the same transaction. This is the only module that touches the stories table.
import { captionPickOf, type CaptionPick } from "~/models/captions/caption-rules";
import { presentableFailure } from "~/models/generation/failure-messages";
import { assertActor, NotFoundError, type Actor } from "~/models/access/actor.server";
import { ownedBy } from "~/models/access/permissions.server";
import type { StoryItem } from "~/models/content/content-feed";
import { escapeLike, keysetBound, type ContentFilter, type FeedCursor, type PageRequest } from "~/models/content/content-feed";
import { mediaUrl, setContentFilesPublic } from "~/models/files/content-files.server";
import { finishedVideoUrl } from "~/models/compile/finished-video";
import { Prisma, prisma, sqlRows, utcFromJson } from "~/utils/db.server";
import { publish, publishSafely } from "~/utils/live.server";
import type { StoryStatus } from "~/generated/prisma/enums";

const cardSelect = {
  id: true,
  source: true,
  status: true,
  progressStep: true,
  errorMessage: true,
  finalVideoWithMusic: true,
  posterUrl: true,
  productImageUrl: true,
  seoTitle: true,
  instagramHashtags: true,
  isPublic: true,
  createdAt: true,
  aspectRatio: true,
  storyType: { select: { name: true } },
} satisfies Prisma.StorySelect;

type CardRow = Prisma.StoryGetPayload<{ select: typeof cardSelect }> & { variants?: Prisma.StoryGetPayload<{ select: typeof cardSelect }>[] };

/** The owner's cards carry their variants (ADR 215); the variants are not cards of their own there. */
function toItem(row: CardRow): StoryItem {
  return {
    aspectRatio: row.aspectRatio,
    ...(row.variants ? { variants: row.variants.map(toItem) } : {}),
    kind: "story",
    id: row.id,
    source: row.source,
    status: row.status,
    progressStep: row.progressStep,
    errorMessage: presentableFailure(row.errorMessage),
    videoUrl: finishedVideoUrl(row.finalVideoWithMusic),
    posterUrl: mediaUrl(row.posterUrl),
    productImageUrl: mediaUrl(row.productImageUrl),
    seoTitle: row.seoTitle,
    hashtags: row.instagramHashtags,
    isPublic: row.isPublic,
    storyTypeName: row.storyType?.name ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

// The card's columns, for the feed's one-statement read (docs/decisions/392-hot-reads-on-the-pg-pool.md);
// a list column may hold NULL, which Prisma reads as [].
const CARD_COLUMNS = Prisma.sql`s."id", s."source", s."status"::text AS "status", s."progressStep", s."errorMessage", s."finalVideoWithMusic",
  s."posterUrl", s."productImageUrl", s."seoTitle", COALESCE(s."instagramHashtags", '{}') AS "instagramHashtags", s."isPublic", s."createdAt", s."aspectRatio"`;

type FeedRow = Omit<CardRow, "storyType" | "variants"> & { storyTypeName: string | null };
type VariantJson = Omit<FeedRow, "createdAt"> & { createdAt: string };

const cardRow = (row: FeedRow): CardRow => {
  const { storyTypeName, ...rest } = row;
  return { ...rest, storyType: storyTypeName === null ? null : { name: storyTypeName } };
};

function filterSql(filter: ContentFilter): Prisma.Sql[] {
  const and: Prisma.Sql[] = [];
  if (filter.search) {
    // As Prisma's `contains` with mode "insensitive": ILIKE, the text's own % and _ escaped.
    const pattern = `%${escapeLike(filter.search)}%`;
    and.push(Prisma.sql`(s."source" ILIKE ${pattern} OR s."seoTitle" ILIKE ${pattern})`);
  }
  if (filter.createdFrom) and.push(Prisma.sql`s."createdAt" >= ${filter.createdFrom}`);
  if (filter.createdBefore) and.push(Prisma.sql`s."createdAt" < ${filter.createdBefore}`);
  return and;
}

/** keysetBound (content-feed.ts) for the stories table, as SQL. */
function keysetSql(cursor: FeedCursor | null): Prisma.Sql[] {
  if (!cursor) return [];
  const bound = keysetBound(cursor, "story");
  if (bound === "before") return [Prisma.sql`s."createdAt" < ${cursor.createdAt}`];
  if (bound === "atOrBefore") return [Prisma.sql`s."createdAt" <= ${cursor.createdAt}`];
  return [Prisma.sql`(s."createdAt" < ${cursor.createdAt} OR (s."createdAt" = ${cursor.createdAt} AND s."id" < ${Number(cursor.id)}))`];
}

/**
 * One page of story cards, newest first, in one statement: the story type joined and, for the
 * owner's cards, the variants aggregated oldest first (ADR 215). Sent to the pg pool directly: the
 * Dashboard reads it on every visit.
 */
async function listStories(base: Prisma.Sql[], filter: ContentFilter, page: PageRequest, withVariants = false): Promise<StoryItem[]> {
  const variants = withVariants
    ? Prisma.sql`, COALESCE((SELECT json_agg(json_build_object(
        'id', s."id", 'source', s."source", 'status', s."status", 'progressStep', s."progressStep", 'errorMessage', s."errorMessage",
        'finalVideoWithMusic', s."finalVideoWithMusic", 'posterUrl', s."posterUrl", 'productImageUrl', s."productImageUrl",
        'seoTitle', s."seoTitle", 'instagramHashtags', COALESCE(s."instagramHashtags", '{}'), 'isPublic', s."isPublic", 'createdAt', s."createdAt",
        'aspectRatio', s."aspectRatio", 'storyTypeName', t."name") ORDER BY s."createdAt" ASC, s."id" ASC)
        FROM "stories" s LEFT JOIN "story_type" t ON t."id" = s."storyTypeId" WHERE s."variantOfId" = card."id"), '[]'::json) AS "variants"`
    : Prisma.empty;
  const rows = await sqlRows<FeedRow & { variants?: VariantJson[] }>(Prisma.sql`
    SELECT card.* ${variants} FROM (
      SELECT ${CARD_COLUMNS}, t."name" AS "storyTypeName"
      FROM "stories" s LEFT JOIN "story_type" t ON t."id" = s."storyTypeId"
      WHERE ${Prisma.join([...base, ...filterSql(filter), ...keysetSql(page.cursor)], " AND ")}
      ORDER BY s."createdAt" DESC, s."id" DESC
      LIMIT ${Math.min(Math.max(page.take, 1), 101)}
    ) card ORDER BY card."createdAt" DESC, card."id" DESC`);
  return rows.map(({ variants: vs, ...row }) =>
    toItem({
      ...cardRow(row),
      ...(vs ? { variants: vs.map((v) => cardRow({ ...v, createdAt: utcFromJson(v.createdAt) })) } : {}),
    }),
  );
}

/**
 * The user's own stories, newest first (one query with the story type joined); another size or
 * a variant of a story is shown under its original's card, not as a card of its own (ADR 215).
 */
export function listUserStories(actor: Actor, filter: ContentFilter, page: PageRequest): Promise<StoryItem[]> {
  assertActor(actor);
  return listStories([Prisma.sql`s."userId" = ${actor.id}`, Prisma.sql`s."variantOfId" IS NULL`], filter, page, true);
}

/**
 * Public stories for Explore: made public by their owner and finished (a gallery of videos;
 * a public story appears once its final video exists).
 */
export function listPublicStories(filter: ContentFilter, page: PageRequest): Promise<StoryItem[]> {
  return listStories([Prisma.sql`s."isPublic"`, Prisma.sql`s."finalVideoWithMusic" IS NOT NULL`], filter, page);
}

/** Files a story shows in Explore. */
function storyFiles(story: { finalVideoWithMusic: string | null; posterUrl: string | null; productImageUrl: string | null }) {
  return [story.finalVideoWithMusic, story.posterUrl, story.productImageUrl];
}

/** Another public story of the owner shows this file (kept public then). */
function publishedByOtherStory(ownerId: string, storyId: number) {
  return async (forms: string[]) =>
    (await prisma.story.count({
      where: {
        userId: ownerId,
        isPublic: true,
        id: { not: storyId },
        OR: [{ finalVideoWithMusic: { in: forms } }, { posterUrl: { in: forms } }, { productImageUrl: { in: forms } }],
      },
    })) > 0;
}

/**
 * The owner makes a story public or private (ADR 082: stories have a visibility switch so that
 * Explore has content). Its final video and product image are published or unpublished with
 * it. Null when the story does not exist or is not the user's (answer 404).
 */
export async function setStoryVisibility(actor: Actor, storyId: number, isPublic: boolean): Promise<StoryItem | null> {
  assertActor(actor);
  const userId = actor.id;
  if (!Number.isSafeInteger(storyId) || storyId <= 0) return null;
  const { count } = await prisma.story.updateMany({ where: { id: storyId, userId }, data: { isPublic } });
  if (count === 0) return null;
  const row = await prisma.story.findUnique({
    where: { id: storyId },
    select: { ...cardSelect, userId: true, finalVideoWithMusic: true, posterUrl: true, productImageUrl: true },
  });
  if (!row) return null;
  await setContentFilesPublic(userId, storyFiles(row), isPublic, publishedByOtherStory(userId, storyId));
  await publishSafely(userId, { type: "story.updated", storyId, status: row.status, progressStep: row.progressStep });
  return toItem(row);
}

// ───────────────────────────── status changes (the video workflow) ─────────────────────────────

/** What a status change returns: the story's new state, or null when it was not applied. */
export type StoryState = {
  id: number;
  userId: string;
  status: StoryStatus;
  progressStep: string | null;
  isPublic: boolean;
  finalVideoWithMusic: string | null;
  errorMessage: string | null;
};

const stateSelect = {
  id: true,
  userId: true,
  status: true,
  progressStep: true,
  isPublic: true,
  finalVideoWithMusic: true,
  posterUrl: true,
  productImageUrl: true,
  errorMessage: true,
} satisfies Prisma.StorySelect;

async function transition(
  actor: Actor,
  storyId: number,
  from: readonly StoryStatus[],
  data: Prisma.StoryUpdateManyMutationInput,
): Promise<(StoryState & { posterUrl: string | null; productImageUrl: string | null }) | null> {
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.story.updateMany({ where: { id: storyId, status: { in: [...from] }, ...ownedBy(actor) }, data });
    if (count === 0) return null;
    const row = await tx.story.findUniqueOrThrow({ where: { id: storyId }, select: stateSelect });
    await publish(row.userId, { type: "story.updated", storyId, status: row.status, progressStep: row.progressStep }, tx);
    return row;
  });
}

function strip(row: (StoryState & { posterUrl: string | null; productImageUrl: string | null }) | null): StoryState | null {
  if (!row) return null;
  const { productImageUrl: _unused, posterUrl: _poster, ...state } = row;
  return state;
}

/**
 * The workflow is working on the story; `progressStep` is what it is doing, shown on the card
 * (e.g. "Generating scene 2 of 4: voice-over"). Applies to queued and processing stories only
 * (null otherwise: a ready or failed story is not reopened).
 */
export async function markStoryProcessing(actor: Actor, storyId: number, progressStep: string | null = null): Promise<StoryState | null> {
  return strip(await transition(actor, storyId, ["queued", "processing"], { status: "processing", progressStep, errorMessage: null }));
}

export type StoryResult = {
  /** The final video: a "bucket/key" reference or a /resources/files URL (or an external http URL). */
  finalVideoWithMusic: string;
  /** Its poster frame, the same kind of reference. */
  posterUrl?: string | null;
  seoTitle?: string | null;
  instagramHashtags?: string[];
};

/**
 * The final video exists: the card turns "Ready". Idempotent (a retried step may call it
 * again); never applies to a failed story. When the story is already public its new files are
 * published at once.
 */
export async function markStoryReady(actor: Actor, storyId: number, result: StoryResult): Promise<StoryState | null> {
  const row = await transition(actor, storyId, ["queued", "processing", "ready"], {
    status: "ready",
    progressStep: null,
    errorMessage: null,
    finalVideoWithMusic: result.finalVideoWithMusic,
    ...(result.posterUrl !== undefined ? { posterUrl: result.posterUrl } : {}),
    ...(result.seoTitle !== undefined ? { seoTitle: result.seoTitle } : {}),
    ...(result.instagramHashtags !== undefined ? { instagramHashtags: result.instagramHashtags } : {}),
  });
  if (row?.isPublic) await setContentFilesPublic(row.userId, storyFiles(row), true);
  return strip(row);
}

/**
 * The workflow gave up: the card shows the error (e.g. "Failed while voice-over: ...").
 * Never applies to a ready story. The step stays as it was, to show where it stopped.
 */
export async function markStoryFailed(actor: Actor, storyId: number, errorMessage: string): Promise<StoryState | null> {
  return strip(
    await transition(actor, storyId, ["queued", "processing", "failed"], { status: "failed", errorMessage: presentableFailure(errorMessage).slice(0, 2000) }),
  );
}

// ───────────────────────────── the Create Video pipeline's reads ─────────────────────────────

type Tx = Prisma.TransactionClient;

export type PipelineStory = {
  id: number;
  userId: string;
  source: string;
  /** "Ready to Go": the text is the final voice-over, read word for word. */
  readyToGo: boolean;
  status: StoryStatus;
  voiceId: number | null;
  storyTypeName: string | null;
  /** "9:16", "1:1" or "16:9" (docs/decisions/214-aspect-ratio-at-creation.md). */
  aspectRatio: string;
  productImageUrl: string | null;
  backgroundMusicUrl: string | null;
  /** The brand's own photos and clips, in order (ADR 315). */
  mediaUrls: string[];
  projectId: string | null;
  /** Set on another size or a variant of a story (made by inngest/functions/story-variant.ts). */
  variantOfId: number | null;
};

/** A story the actor may see (its owner or an admin), as the video workflow reads it: fresh from the row. */
export async function getPipelineStory(actor: Actor, storyId: number): Promise<PipelineStory> {
  const row = await prisma.story.findFirst({
    where: { id: storyId, ...ownedBy(actor) },
    select: {
      id: true,
      userId: true,
      source: true,
      readyToGo: true,
      status: true,
      voiceId: true,
      aspectRatio: true,
      productImageUrl: true,
      backgroundMusicUrl: true,
      mediaUrls: true,
      projectId: true,
      variantOfId: true,
      storyType: { select: { name: true } },
    },
  });
  if (!row) throw new NotFoundError("Video request");
  const { storyType, ...rest } = row;
  return { ...rest, storyTypeName: storyType?.name ?? null };
}

/** The owner of a story the actor may see; NotFoundError otherwise. */
export async function storyOwnerId(actor: Actor, storyId: number): Promise<string> {
  const story = await prisma.story.findFirst({ where: { id: storyId, ...ownedBy(actor) }, select: { userId: true } });
  if (!story) throw new NotFoundError("Video request");
  return story.userId;
}

/** The project a story produced, if any (null too for a story the actor may not see). */
export async function projectIdOfStory(actor: Actor, storyId: number): Promise<string | null> {
  const story = await prisma.story.findFirst({ where: { id: storyId, ...ownedBy(actor) }, select: { projectId: true } });
  return story?.projectId ?? null;
}

/** The caption look a story was created with (ADR 350), for its compile; null: the Style's own. */
export async function storyCaptionPick(actor: Actor, storyId: number): Promise<CaptionPick | null> {
  const story = await prisma.story.findFirst({ where: { id: storyId, ...ownedBy(actor) }, select: { captions: true } });
  return captionPickOf(story?.captions);
}

/** The story a project was made for, if any and if the actor may see it. */
export async function storyIdLinkedTo(actor: Actor, projectId: string): Promise<number | null> {
  const story = await prisma.story.findFirst({ where: { projectId, ...ownedBy(actor) }, select: { id: true } });
  return story?.id ?? null;
}

// ───────────────────────────── rows written inside a caller's transaction ─────────────────────────────

export type LockedStory = { id: number; userId: string; status: StoryStatus; projectId: string | null; progressStep: string | null };

/** Locks the story row until the transaction ends (FOR UPDATE); null when there is none. */
export async function lockStoryInTx(tx: Tx, storyId: number): Promise<LockedStory | null> {
  const rows = await tx.$queryRaw<LockedStory[]>`
    SELECT "id", "userId", "status"::text AS "status", "projectId", "progressStep" FROM "stories" WHERE "id" = ${storyId} FOR UPDATE`;
  return rows[0] ?? null;
}

/** Links a story to the project made for it (Story.projectId). */
export async function linkStoryToProjectInTx(tx: Tx, storyId: number, projectId: string): Promise<void> {
  await tx.story.update({ where: { id: storyId }, data: { projectId } });
}

/** A story's id and status, read in the caller's transaction. */
export async function findStoryInTx(tx: Tx, storyId: number): Promise<{ id: number; status: StoryStatus } | null> {
  return tx.story.findUnique({ where: { id: storyId }, select: { id: true, status: true } });
}

export type NewStory = {
  userId: string;
  source: string;
  readyToGo: boolean;
  voiceId: number;
  storyTypeId: number | null;
  aspectRatio?: string;
  productImageUrl: string | null;
  backgroundMusicUrl: string | null;
  /** The brand's own photos and clips, in order (file URLs; ADR 315). */
  mediaUrls?: string[];
  creditsCharged: number;
  /** Another size or a variant of this story (ADR 215). */
  variantOfId?: number | null;
  hookText?: string | null;
  /** The caption look picked (ADR 350); absent: the Style's own. */
  captions?: CaptionPick | null;
};

/** A new Create Video story, queued, in the caller's transaction; its card appears live on commit. */
export async function createQueuedStoryInTx(tx: Tx, story: NewStory): Promise<{ id: number; status: StoryStatus }> {
  const { captions, ...fields } = story;
  const row = await tx.story.create({ data: { ...fields, ...(captions ? { captions } : {}), status: "queued" }, select: { id: true, status: true } });
  await publish(story.userId, { type: "story.updated", storyId: row.id, status: "queued", progressStep: null }, tx);
  return row;
}

/** Marks a locked story failed with `message` in the caller's transaction (its card changes live on commit). */
export async function failStoryInTx(tx: Tx, story: Pick<LockedStory, "id" | "userId" | "progressStep">, message: string): Promise<void> {
  await tx.story.update({ where: { id: story.id }, data: { status: "failed", errorMessage: message } });
  await publish(story.userId, { type: "story.updated", storyId: story.id, status: "failed", progressStep: story.progressStep }, tx);
}

/** Stories still queued since before `before` (their workflow never started), oldest first. */
export async function listQueuedStories(opts: {
  before: Date;
  userId?: string;
  limit: number;
}): Promise<{ id: number; userId: string; variantOfId: number | null }[]> {
  return prisma.story.findMany({
    where: { status: "queued", createdAt: { lte: opts.before }, ...(opts.userId ? { userId: opts.userId } : {}) },
    select: { id: true, userId: true, variantOfId: true },
    orderBy: { createdAt: "asc" },
    take: opts.limit,
  });
}

// ───────────────────────────── variants (docs/decisions/215-story-variants.md) ─────────────────────────────

export type VariantSource = {
  id: number;
  userId: string;
  status: StoryStatus;
  source: string;
  readyToGo: boolean;
  voiceId: number | null;
  storyTypeId: number | null;
  storyTypeName: string | null;
  aspectRatio: string;
  productImageUrl: string | null;
  backgroundMusicUrl: string | null;
  projectId: string | null;
  seoTitle: string | null;
  instagramHashtags: string[];
  /** The original a variant belongs to (null for an original). */
  variantOfId: number | null;
  hookText: string | null;
  /** The caption look picked for it (ADR 350); a variant keeps it. */
  captions: CaptionPick | null;
};

const variantSourceSelect = {
  id: true,
  userId: true,
  status: true,
  source: true,
  readyToGo: true,
  voiceId: true,
  storyTypeId: true,
  aspectRatio: true,
  productImageUrl: true,
  backgroundMusicUrl: true,
  projectId: true,
  seoTitle: true,
  instagramHashtags: true,
  variantOfId: true,
  hookText: true,
  captions: true,
  storyType: { select: { name: true } },
} satisfies Prisma.StorySelect;

/** A story the actor may see, with what a variant is made from; NotFoundError otherwise. */
export async function getVariantSource(actor: Actor, storyId: number): Promise<VariantSource> {
  if (!Number.isSafeInteger(storyId) || storyId <= 0) throw new NotFoundError("Video request");
  const row = await prisma.story.findFirst({ where: { id: storyId, ...ownedBy(actor) }, select: variantSourceSelect });
  if (!row) throw new NotFoundError("Video request");
  const { storyType, captions, ...rest } = row;
  return { ...rest, captions: captionPickOf(captions), storyTypeName: storyType?.name ?? null };
}

/** The stories made by one variant request: those charged with `references` ("story:<id>"), oldest first. */
export async function storiesWithIdsInTx(tx: Tx, ids: number[]): Promise<{ id: number; status: StoryStatus; variantOfId: number | null }[]> {
  return tx.story.findMany({ where: { id: { in: ids } }, select: { id: true, status: true, variantOfId: true }, orderBy: { id: "asc" } });
}
