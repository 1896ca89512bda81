// Reading the create-video form (route-only helper of _shell.create-video.tsx).
//
// With JavaScript the dialog has already uploaded the files (useUpload) and posts their refs in a
// urlencoded body, which the route reads with its form schema. Without JavaScript the browser
// posts one multipart body with both files, read here once: each file field streams into its own
// bucket. Both paths hand refs to the same core (createVideoRequest), which checks again that each
// file belongs to the user.
import { FIELDS, uploadFailedMessage, VIDEO_MESSAGES, type FieldErrors, type KeptFile, type Toast } from "~/models/stories/video-request-rules";
import { removeFiles, type StoredFile, parseMultipartUpload, type UploadFormResult } from "~/models/files";
import { MEDIA_BUCKETS, MEDIA_LIMITS } from "~/models/stories/video-media";

export type VideoForm = {
  fields: FormData;
  productImageRef: string | null;
  backgroundMusicRef: string | null;
  /** The brand's own photos and clips, in order: the posted "mediaRef" fields, then the files of "photos" and "clips" (ADR 315). */
  mediaRefs: string[];
  /** Files this request stored (plain multipart post). */
  storedNow: StoredFile[];
  /** Files to show again when the form is re-rendered without JavaScript. */
  kept: { productImage: KeptFile | null; backgroundMusic: KeptFile | null };
};

/** `status`: 503 when storage failed (the server's fault); the action answers any other refusal 400. */
export type VideoFormResult = ({ ok: true } & VideoForm) | { ok: false; toast: Toast; fieldErrors: FieldErrors; fields: FormData; status?: number };

const ONE_FILE = "Please upload one file at a time.";

export function keptFile(file: StoredFile | null | undefined): KeptFile | null {
  return file ? { ref: file.ref, url: file.url, contentType: file.contentType, name: file.originalName } : null;
}

function cleared(fields: FormData, name: string): boolean {
  return fields.get(name) === "1" || fields.get(name) === "on";
}

/** Picks the slot's file: one streamed in this request wins over a ref carried from before. */
function pick(result: Extract<UploadFormResult, { ok: true }>, field: string, clearField: string) {
  const refs = new Set(result.fields.getAll(`${field}Ref`).map(String));
  const fresh = result.files.filter((f) => f.field === field && !refs.has(f.ref));
  const carried = result.files.filter((f) => f.field === field && refs.has(f.ref));
  if (fresh.length > 1) return { error: ONE_FILE, fresh };
  const chosen = fresh[0] ?? (cleared(result.fields, clearField) ? null : (carried[0] ?? null));
  return { chosen, fresh };
}

/** The posted "mediaRef" fields, in order (the door's bound: short lines, a few more than the limits). */
export function mediaRefsOf(fields: FormData): string[] {
  return fields
    .getAll(FIELDS.mediaRef)
    .filter((v): v is string => typeof v === "string" && v.trim() !== "" && v.length <= 512)
    .map((v) => v.trim())
    .slice(0, MEDIA_LIMITS.photo + MEDIA_LIMITS.clip + 1);
}

/** A refused photo or clip of a plain post, named: '"clip.mp4": The clip is 61 seconds long …'. */
function mediaFailure(field: string, error: string, fileName?: string): { toast: Toast; fieldErrors: FieldErrors } {
  const kind = field === FIELDS.clips ? "clip" : "photo";
  const message = /at most \d+ files/.test(error)
    ? `Please choose at most ${MEDIA_LIMITS[kind]} ${kind === "clip" ? "clips" : "photos"}.`
    : fileName
      ? `"${fileName}": ${error}`
      : error;
  return { toast: { title: VIDEO_MESSAGES.uploadProductPhoto.title, description: message }, fieldErrors: { media: message } };
}

/** The dialog's messages for a refused upload: by slot, or for the body as a whole. */
function uploadFailure(field: string | undefined, error: string, fileName?: string): { toast: Toast; fieldErrors: FieldErrors } {
  if (field === FIELDS.photos || field === FIELDS.clips) return mediaFailure(field, error, fileName);
  if (field === FIELDS.productImage) return { toast: { ...VIDEO_MESSAGES.uploadProductPhoto }, fieldErrors: { productImage: error } };
  if (field === FIELDS.backgroundMusic) {
    const message = uploadFailedMessage("audio", error);
    return { toast: { title: VIDEO_MESSAGES.uploadProductPhoto.title, description: message }, fieldErrors: { backgroundMusic: message } };
  }
  return { toast: { title: VIDEO_MESSAGES.uploadProductPhoto.title, description: error }, fieldErrors: {} };
}

/** Reads a plain (no-JavaScript) multipart post; urlencoded posts go through the route's form reader. */
export async function readVideoForm(request: Request, userId: string): Promise<VideoFormResult> {
  // One pass over the body: each file field streams into its own bucket. maxFiles 2 leaves room
  // for a file carried from an earlier post ("{field}Ref") beside a new one; pick() keeps one.
  const form = await parseMultipartUpload(request, {
    [FIELDS.productImage]: { bucket: "product-photos", ownerId: userId, kinds: ["image"], maxFiles: 2 },
    [FIELDS.backgroundMusic]: { bucket: "background-music", ownerId: userId, kinds: ["audio"], maxFiles: 2 },
    // The brand's own photos and clips (ADR 315): any file refused removes every file of this post.
    [FIELDS.photos]: { bucket: MEDIA_BUCKETS.photo, ownerId: userId, kinds: ["image"], maxFiles: MEDIA_LIMITS.photo },
    [FIELDS.clips]: { bucket: MEDIA_BUCKETS.clip, ownerId: userId, kinds: ["video"], maxFiles: MEDIA_LIMITS.clip },
  });
  const fields = form.fields;
  if (!form.ok) {
    return { ok: false, ...uploadFailure(form.field, form.error, form.fileName), fields, ...(form.status >= 500 ? { status: form.status } : {}) };
  }

  const imagePick = pick(form, FIELDS.productImage, FIELDS.clearProductImage);
  const musicPick = pick(form, FIELDS.backgroundMusic, FIELDS.clearBackgroundMusic);
  const media = form.files.filter((f) => f.field === FIELDS.photos || f.field === FIELDS.clips);
  const storedNow = [...imagePick.fresh, ...musicPick.fresh, ...media];
  if ("error" in imagePick || "error" in musicPick) {
    await removeFiles(storedNow);
    const field = "error" in imagePick ? FIELDS.productImage : FIELDS.backgroundMusic;
    return { ok: false, ...uploadFailure(field, ONE_FILE), fields };
  }

  const productImage = imagePick.chosen;
  const backgroundMusic = musicPick.chosen;
  return {
    ok: true,
    fields,
    productImageRef: productImage?.ref ?? null,
    backgroundMusicRef: backgroundMusic?.ref ?? null,
    mediaRefs: [
      ...mediaRefsOf(fields),
      ...media.filter((f) => f.field === FIELDS.photos).map((f) => f.ref),
      ...media.filter((f) => f.field === FIELDS.clips).map((f) => f.ref),
    ],
    storedNow,
    kept: { productImage: keptFile(productImage), backgroundMusic: keptFile(backgroundMusic) },
  };
}
