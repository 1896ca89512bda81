// What a scene's picture is drawn from in an ad: its shot of the ad's plan (composition, large
// text, the end card's name and logo), the user's own photo where the scene shows one (ADR 315),
// and the owner's brand kit on top (docs/decisions/310-brand-kit.md). Used by the scene's image
// step (scene-assets.server.ts).
import type { Actor } from "~/models/access/actor.server";
import { getProfile } from "~/models/access/profile.server";
import { ownerBrand, type OwnerBrand } from "~/models/brand/brand-kit.server";
import { readMediaBytes } from "~/models/files/media-refs.server";
import { readFileBytes } from "~/models/files/stored-files.server";
import type { ProjectRow } from "~/models/projects/project.server";
import { ownMediaOf } from "~/models/projects/scene-staleness.server";
import { storedAdCopy } from "./ad-copy.server";
import type { SceneRow } from "~/models/projects/scenes.server";
import { brandPalette } from "~/providers/image/shot-design";
import type { ProductImageRequest } from "~/providers/image/types";
import { planAdStructure, scriptCallToAction, styleTone } from "~/providers/llm/planner/ad-structure";
import { parseObjectRef } from "~/utils/storage/buckets";

/** What the shot of a scene is planned from. */
export type ShotContext = {
  actor: Actor;
  scene: SceneRow;
  project: ProjectRow;
  style: string | null;
  /** The spoken text of every scene, in order. */
  sceneTexts: string[];
  /** The project's own pictures (its image assets, oldest first). */
  photos: string[];
  sceneIndex: number;
};

/**
 * The scene's shot in the ad (its composition, large text and, on the end card, name and logo).
 * A scene that shows the user's own photo is the photo shot of that photo, with the beat's
 * call-out when `adShots` (ADR 315).
 */
export async function adShotRequest(ctx: ShotContext, adShots = true): Promise<Partial<ProductImageRequest>> {
  const plan = adPlan(ctx);
  const shot = plan.shots[ctx.sceneIndex];
  const own = ownMediaOf(ctx.scene);
  const brand = await ownerBrand(ctx.actor, ctx.project.userId);
  if (own?.kind === "photo") {
    const photo = await readMediaBytes(own.url, "photo", ctx.project.userId);
    return {
      shot: "photo",
      photo,
      tone: styleTone(ctx.style),
      ...(adShots && shot?.headline ? { headline: shot.headline } : {}),
      ...(brand ? await brandShotFields(ctx, brand, false) : {}),
    };
  }
  if (!shot) return {};
  const end = shot.shot === "end-card";
  const photoUrl = shot.photo !== undefined ? ctx.photos[shot.photo] : undefined;
  return {
    shot: shot.shot,
    headline: shot.headline || undefined,
    tone: styleTone(ctx.style),
    ...(end ? { productName: plan.product || undefined, logo: (await ownerAvatar(ctx.actor, ctx.project.userId)) ?? undefined } : {}),
    ...(photoUrl ? { photo: await readMediaBytes(photoUrl, "project picture", ctx.project.userId) } : {}),
    ...(brand ? await brandShotFields(ctx, brand, end) : {}),
  };
}

/**
 * An editor scene's picture (not an ad shot) in the owner's brand colours: the compositor's
 * [dark, accent, light] palette from the kit, as the shots derive them (docs/decisions/310-brand-kit.md).
 */
export async function brandPictureFields(ctx: ShotContext): Promise<Partial<ProductImageRequest>> {
  const brand = await ownerBrand(ctx.actor, ctx.project.userId);
  if (!brand) return {};
  const kit = { colors: brand.colors, fontId: brand.fontId };
  return { palette: [brandPalette(kit, "dark").bgTop, brandPalette(kit, "light").accent, brandPalette(kit, "light").bgTop] };
}

/**
 * The owner's brand kit on a shot (docs/decisions/310-brand-kit.md): its colours, font and
 * website line; on the end card its logo, and its call to action where the script has none of
 * its own (the Style's generic one is replaced).
 */
async function brandShotFields(ctx: ShotContext, brand: OwnerBrand, end: boolean): Promise<Partial<ProductImageRequest>> {
  const fields: Partial<ProductImageRequest> = { brand: { colors: brand.colors, fontId: brand.fontId, ...(brand.website ? { website: brand.website } : {}) } };
  if (!end) return fields;
  const logo = brand.logoRef ? await readMediaBytes(brand.logoRef, "brand logo", ctx.project.userId).catch(() => null) : null;
  if (logo) fields.logo = logo;
  const own = scriptCallToAction(ctx.sceneTexts[ctx.sceneTexts.length - 1] ?? "");
  if (!own && brand.callToAction) fields.headline = brand.callToAction;
  return fields;
}

/**
 * The ad's plan: beats, shots and moves from the scenes' texts, the Style and the project's own pictures;
 * its words from the language model when Create Video stored them (ADR 377), each checked by the copy rules again.
 */
export function adPlan(ctx: ShotContext) {
  return planAdStructure({ scenes: ctx.sceneTexts, style: ctx.style, photos: ctx.photos.length, copy: storedAdCopy(ctx.project) });
}

/** The owner's avatar (their brand's logo when they uploaded one), for the end card; null without one. */
async function ownerAvatar(actor: Actor, userId: string): Promise<Buffer | null> {
  const { avatarKey } = await getProfile(actor, userId);
  const ref = avatarKey ? parseObjectRef(avatarKey) : null;
  if (!ref) return null;
  return readFileBytes(ref.bucket, ref.key).catch(() => null);
}
