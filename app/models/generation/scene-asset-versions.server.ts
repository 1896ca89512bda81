// Versions of a scene's media (scene_asset_versions): every image, voice-over and video a scene
// has had, generated or uploaded, so a regenerate never loses the previous one and the scene can
// go back to any of them (docs/decisions/151-stale-assets-and-versions.md). The scene's own
// columns hold the current file; a version row is written for each new file, and the file the
// scene had before versions were kept is recorded ("earlier") the first time it is replaced.
//
// Every function takes the acting user and reaches the scene through its project (ADR 130).
import type { Prisma } from "~/generated/prisma/client";
import type { SceneAssetKind } from "~/generated/prisma/enums";
import { NotFoundError, type Actor } from "~/models/access/actor.server";
import type { SceneMediaStep } from "./scene-asset-steps";
import { MEDIA_COLUMNS } from "~/models/projects/scene-staleness.server";
import { findSceneOfProject, updateScene, type SceneRow, type SceneUpdate } from "~/models/projects/scenes.server";
import { mediaFilePath } from "~/models/files/media-refs.server";
import { requireProject } from "~/models/projects/project.server";
import { probeMedia } from "~/providers/media/ffmpeg.server";
import { sceneDurationFor } from "~/providers/render/local.server";
import { prisma } from "~/utils/db.server";

const KIND: Record<SceneMediaStep, SceneAssetKind> = { image: "image", "voice-over": "voice_over", video: "video" };
const STEP: Record<SceneAssetKind, SceneMediaStep> = { image: "image", voice_over: "voice-over", video: "video" };

export type SceneAssetVersion = {
  id: string;
  step: SceneMediaStep;
  url: string;
  /** "generated", "uploaded", or "earlier" (the scene had it before versions were kept). */
  source: string;
  /** What it was made from (generated only): the prompt, the voice, the text ... */
  inputs: Prisma.JsonValue | null;
  durationSec: number | null;
  createdAt: Date;
  /** The scene shows this one now. */
  current: boolean;
};

export type NewVersion = {
  step: SceneMediaStep;
  url: string;
  source: "generated" | "uploaded" | "earlier";
  inputsHash?: string | null;
  inputs?: Prisma.InputJsonValue | null;
  durationSec?: number | null;
  /** The request that made it (charge batch or workflow run). */
  madeBy?: string | null;
};

type Target = { projectId: string; sceneId: string };

/** Records a file as a version of the scene's asset (once per file). */
export async function recordSceneAssetVersion(actor: Actor, { projectId, sceneId }: Target, version: NewVersion): Promise<void> {
  const scene = await findSceneOfProject(actor, projectId, sceneId);
  await prisma.sceneAssetVersion.upsert({
    where: { sceneId_kind_url: { sceneId: scene.id, kind: KIND[version.step], url: version.url } },
    create: {
      sceneId: scene.id,
      kind: KIND[version.step],
      url: version.url,
      source: version.source,
      inputsHash: version.inputsHash ?? null,
      inputs: version.inputs ?? undefined,
      durationSec: version.durationSec ?? null,
      madeBy: version.madeBy ?? null,
    },
    update: {},
  });
}

/**
 * Before a step replaces the scene's current file: records that file as a version if it is not
 * one yet (made before versions were kept), so the regenerate keeps it.
 */
export async function keepCurrentAsVersion(actor: Actor, target: Target, step: SceneMediaStep): Promise<void> {
  const scene = await findSceneOfProject(actor, target.projectId, target.sceneId);
  const url = scene[MEDIA_COLUMNS[step].url];
  if (!url) return;
  await recordSceneAssetVersion(actor, target, {
    step,
    url,
    source: scene[MEDIA_COLUMNS[step].hash] ? "generated" : "earlier",
    inputsHash: scene[MEDIA_COLUMNS[step].hash],
    durationSec: step === "voice-over" ? scene.voiceOverDuration : null,
  });
}

/** The request that made the scene's current file of this step, when it was generated. */
export async function currentMadeBy(scene: Pick<SceneRow, "id" | "imageUrl" | "voiceOverUrl" | "videoUrl">, step: SceneMediaStep): Promise<string | null> {
  const url = scene[MEDIA_COLUMNS[step].url];
  if (!url) return null;
  const row = await prisma.sceneAssetVersion.findUnique({
    where: { sceneId_kind_url: { sceneId: scene.id, kind: KIND[step], url } },
    select: { madeBy: true },
  });
  return row?.madeBy ?? null;
}

/** A scene's versions (all steps, or one), newest first, the current ones marked. */
export async function listSceneAssetVersions(actor: Actor, projectId: string, sceneId: string, step?: SceneMediaStep): Promise<SceneAssetVersion[]> {
  const scene = await findSceneOfProject(actor, projectId, sceneId);
  const rows = await prisma.sceneAssetVersion.findMany({
    where: { sceneId: scene.id, ...(step ? { kind: KIND[step] } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map((r) => ({
    id: r.id,
    step: STEP[r.kind],
    url: r.url,
    source: r.source,
    inputs: r.inputs,
    durationSec: r.durationSec,
    createdAt: r.createdAt,
    current: scene[MEDIA_COLUMNS[STEP[r.kind]].url] === r.url,
  }));
}

/**
 * Puts a version back as the scene's current file of its step (with what it was made from, so
 * its staleness shows again; a voice-over brings its length back). The file the scene had is a
 * version already, or becomes one. NotFoundError for a version that is not this scene's.
 */
export async function restoreSceneAssetVersion(actor: Actor, projectId: string, sceneId: string, versionId: string): Promise<SceneRow> {
  const scene = await findSceneOfProject(actor, projectId, sceneId);
  const version = versionId ? await prisma.sceneAssetVersion.findFirst({ where: { id: versionId, sceneId: scene.id } }) : null;
  if (!version) throw new NotFoundError("Version");
  const step = STEP[version.kind];
  await keepCurrentAsVersion(actor, { projectId, sceneId }, step);
  const columns = MEDIA_COLUMNS[step];
  const data: SceneUpdate = { [columns.url]: version.url, [columns.hash]: version.inputsHash };
  if (step === "voice-over") {
    data.voiceOverDuration = version.durationSec;
    if (version.durationSec) data.duration = sceneDurationFor(version.durationSec);
  }
  return updateScene(actor, projectId, sceneId, data);
}

/** Every file the versions of these scenes point at (for removing a scene's files). */
export async function versionUrlsOfScenes(sceneIds: readonly string[]): Promise<string[]> {
  if (sceneIds.length === 0) return [];
  const rows = await prisma.sceneAssetVersion.findMany({ where: { sceneId: { in: [...sceneIds] } }, select: { url: true } });
  return rows.map((r) => r.url);
}

/** Every file the versions of a project's scenes point at. */
export async function versionUrlsOfProject(projectId: string): Promise<string[]> {
  const rows = await prisma.sceneAssetVersion.findMany({ where: { scene: { projectId } }, select: { url: true } });
  return rows.map((r) => r.url);
}

/** The media fields of a scene people set from an upload, and the column each writes. */
export const SCENE_MEDIA_FIELDS_BY_NAME = {
  image: "imageUrl",
  video: "videoUrl",
  "voice-over": "voiceOverUrl",
  backgroundMusic: "backgroundMusicUrl",
  productImage: "productImageUrl",
} as const;
export type SceneMediaField = keyof typeof SCENE_MEDIA_FIELDS_BY_NAME;

/**
 * Sets one of a scene's media from an upload (a stored file of the project's owner: its `ref`),
 * or clears it (null). An uploaded image, video or voice-over becomes the current version (the
 * file it replaces stays a version) and is never stale itself; a new image makes a generated
 * video stale. A voice-over's length is measured, so the clip and the render fit it.
 * MediaRefError for anything but the owner's file of the right kind; NotFoundError for another
 * user's scene.
 */
export async function setSceneMedia(actor: Actor, projectId: string, sceneId: string, field: SceneMediaField, ref: string | null): Promise<SceneRow> {
  const project = await requireProject(actor, projectId);
  const scene = await findSceneOfProject(actor, project.id, sceneId);
  const column = SCENE_MEDIA_FIELDS_BY_NAME[field];
  if (field === "backgroundMusic" || field === "productImage") return updateScene(actor, project.id, scene.id, { [column]: ref });
  const step: SceneMediaStep = field;
  const target = { projectId: project.id, sceneId: scene.id };
  await keepCurrentAsVersion(actor, target, step);
  let updated = await updateScene(actor, project.id, scene.id, { [column]: ref, [MEDIA_COLUMNS[step].hash]: null });
  const url = updated[MEDIA_COLUMNS[step].url];
  if (!url) return updated;
  let durationSec: number | null = null;
  if (step === "voice-over") {
    const info = await probeMedia(await mediaFilePath(url, "voice-over", project.userId));
    durationSec = info.durationSec > 0 ? info.durationSec : null;
    updated = await updateScene(actor, project.id, scene.id, {
      voiceOverDuration: durationSec,
      ...(durationSec ? { duration: sceneDurationFor(durationSec) } : {}),
    });
  }
  await recordSceneAssetVersion(actor, target, { step, url, source: "uploaded", durationSec });
  return updated;
}
