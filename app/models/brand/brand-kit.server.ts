// The brand kit of a user (table brand_kits; docs/decisions/310-brand-kit.md): read, save
// (validated; the logo rasterised and stored as a PNG), remove, suggest colours from the logo,
// and the kit as the ad makers use it (ownerBrand). Every function takes the acting user: a
// user reads and changes their own kit, an admin any; workflows act as the owner.
import { assertActor, NotFoundError, type Actor } from "~/models/access/actor.server";
import { mayAccess } from "~/models/access/permissions.server";
import { deleteFile, readFileBytes, storeFile } from "~/models/files/stored-files.server";
import { prisma } from "~/utils/db.server";
import { fileUrlFromRef, parseObjectRef } from "~/utils/storage/buckets";
import { BRAND_MESSAGES, brandFieldErrors, brandKitInput, type BrandFieldErrors, type BrandKitInput, type BrandKitView } from "./brand-rules";
import { isBrandFontId, DEFAULT_BRAND_FONT } from "~/providers/media/font-ids";
import { logoColors, LogoError, rasteriseLogo } from "./logo.server";

/** What a save does with the logo: keep the stored one, replace it with these bytes, or remove it. */
export type LogoChange = { kind: "keep" } | { kind: "replace"; bytes: Buffer } | { kind: "remove" };

export type SaveBrandKitResult = { ok: true; kit: BrandKitView; message: string } | { ok: false; message: string; fieldErrors: BrandFieldErrors };

type Row = NonNullable<Awaited<ReturnType<typeof prisma.brandKit.findUnique>>>;

function view(row: Row): BrandKitView {
  return {
    colors: row.colors,
    fontId: isBrandFontId(row.fontId) ? row.fontId : DEFAULT_BRAND_FONT,
    callToAction: row.callToAction ?? "",
    website: row.website ?? "",
    cornerMark: row.cornerMark,
    logoUrl: fileUrlFromRef(row.logoKey),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function readable(actor: Actor, userId: string): void {
  assertActor(actor);
  if (!mayAccess(actor, userId)) throw new NotFoundError("Brand kit");
}

/** The actor's brand kit (or `userId`'s, for its owner or an admin); null when none was saved. */
export async function getBrandKit(actor: Actor, userId: string = actor.id): Promise<BrandKitView | null> {
  readable(actor, userId);
  const row = await prisma.brandKit.findUnique({ where: { userId } });
  return row ? view(row) : null;
}

/** Checks a kit's fields and its logo; the logo comes back rasterised. Nothing is stored. */
export async function checkBrandKit(
  input: unknown,
  logo: LogoChange,
): Promise<{ ok: true; kit: BrandKitInput; png: Buffer | null } | { ok: false; message: string; fieldErrors: BrandFieldErrors }> {
  const parsed = brandKitInput.safeParse(input);
  const fieldErrors: BrandFieldErrors = parsed.success ? {} : brandFieldErrors(parsed.error);
  let png: Buffer | null = null;
  if (logo.kind === "replace") {
    try {
      png = await rasteriseLogo(logo.bytes);
    } catch (error) {
      if (!(error instanceof LogoError)) throw error;
      fieldErrors.logo = error.message;
    }
  }
  if (!parsed.success || fieldErrors.logo) return { ok: false, message: BRAND_MESSAGES.invalid, fieldErrors };
  return { ok: true, kit: parsed.data, png };
}

/**
 * Saves the actor's kit. Bad input changes nothing and says which field is wrong; a new logo is
 * stored as a PNG (the replaced one is deleted once the kit points at the new one).
 */
export async function saveBrandKit(actor: Actor, input: unknown, logo: LogoChange = { kind: "keep" }): Promise<SaveBrandKitResult> {
  assertActor(actor);
  const userId = actor.id;
  const checked = await checkBrandKit(input, logo);
  if (!checked.ok) return checked;
  const previous = await prisma.brandKit.findUnique({ where: { userId }, select: { logoKey: true } });
  let logoKey = previous?.logoKey ?? null;
  if (checked.png) {
    const stored = await storeFile({ bucket: "avatars", ownerId: userId, kinds: ["image"], body: checked.png, originalName: "brand-logo.png" });
    logoKey = stored.ref;
  } else if (logo.kind === "remove") logoKey = null;
  const data = { ...checked.kit, callToAction: checked.kit.callToAction || null, website: checked.kit.website || null, logoKey };
  let row: Row;
  try {
    row = await prisma.brandKit.upsert({ where: { userId }, create: { userId, ...data }, update: data });
  } catch (error) {
    const made = checked.png ? parseObjectRef(logoKey) : null;
    if (made) await deleteFile(made.bucket, made.key).catch(() => undefined);
    throw error;
  }
  await dropLogo(previous?.logoKey ?? null, logoKey);
  return { ok: true, kit: view(row), message: BRAND_MESSAGES.saved };
}

/** Removes the actor's kit and its logo: new ads look as they did before it. */
export async function removeBrandKit(actor: Actor): Promise<void> {
  assertActor(actor);
  const row = await prisma.brandKit.findUnique({ where: { userId: actor.id }, select: { logoKey: true } });
  if (!row) return;
  await prisma.brandKit.delete({ where: { userId: actor.id } });
  await dropLogo(row.logoKey, null);
}

async function dropLogo(old: string | null, current: string | null): Promise<void> {
  const ref = old && old !== current ? parseObjectRef(old) : null;
  if (ref && ref.bucket === "avatars") await deleteFile(ref.bucket, ref.key).catch(() => undefined);
}

/** The stored logo (PNG) of `userId`'s kit, null without one. */
export async function brandLogoBytes(actor: Actor, userId: string = actor.id): Promise<Buffer | null> {
  readable(actor, userId);
  const row = await prisma.brandKit.findUnique({ where: { userId }, select: { logoKey: true } });
  const ref = parseObjectRef(row?.logoKey);
  return ref ? readFileBytes(ref.bucket, ref.key) : null;
}

/**
 * Two or three colours from a logo: the bytes given (a logo being uploaded, checked and
 * rasterised like a saved one), else the actor's stored logo. A LogoError says why not.
 */
export async function suggestColorsFromLogo(actor: Actor, bytes?: Buffer | null): Promise<string[]> {
  assertActor(actor);
  const png = bytes?.length ? await rasteriseLogo(bytes) : await brandLogoBytes(actor);
  if (!png) throw new LogoError(BRAND_MESSAGES.noLogo);
  return logoColors(png);
}

/** A kit as the ad makers use it: its fields, and where its logo is stored. */
export type OwnerBrand = {
  colors: string[];
  fontId: string;
  callToAction: string | null;
  website: string | null;
  cornerMark: boolean;
  /** "bucket/key" of the logo PNG, null without one. */
  logoRef: string | null;
};

/** The kit of the owner of the work the actor does (a project's, a story's); null when they have none. */
export async function ownerBrand(actor: Actor, ownerId: string): Promise<OwnerBrand | null> {
  readable(actor, ownerId);
  const row = await prisma.brandKit.findUnique({ where: { userId: ownerId } });
  if (!row || row.colors.length < 2) return null;
  return {
    colors: row.colors,
    fontId: isBrandFontId(row.fontId) ? row.fontId : DEFAULT_BRAND_FONT,
    callToAction: row.callToAction,
    website: row.website,
    cornerMark: row.cornerMark,
    logoRef: row.logoKey,
  };
}
