// Reading the create-video form (route-only helper of _shell.create-video.tsx).
//
// With JavaScript the dialog has already uploaded the files (useUpload) and posts their refs
// ("productImageRef", "backgroundMusicRef") in a plain urlencoded body. Without JavaScript the
// browser posts one multipart body with both files; each goes to its own bucket, so the body is
// read twice at once (request.clone()), once per bucket, each pass storing its own file field and
// skipping the other. Both paths hand refs to the same core (createVideoRequest), which checks
// again that each file belongs to the user.
import { FIELDS, uploadFailedMessage, VIDEO_MESSAGES, type FieldErrors, type KeptFile, type Toast } from "~/models/video-request-rules";
import { deleteFile, parseUploadForm, type StoredFile, type UploadFormResult } from "~/utils/storage/upload.server";

export type VideoForm = {
  fields: FormData;
  productImageRef: string | null;
  backgroundMusicRef: string | null;
  /** Files this request stored (plain multipart post). */
  storedNow: StoredFile[];
  /** Files to show again when the form is re-rendered without JavaScript. */
  kept: { productImage: KeptFile | null; backgroundMusic: KeptFile | null };
};

export type VideoFormResult = ({ ok: true } & VideoForm) | { ok: false; toast: Toast; fieldErrors: FieldErrors; fields: FormData };

const ONE_FILE = "Please upload one file at a time.";

export function keptFile(file: StoredFile | null | undefined): KeptFile | null {
  return file ? { ref: file.ref, url: file.url, contentType: file.contentType, name: file.originalName } : null;
}

function refOf(fields: FormData, name: string): string | null {
  const value = fields.get(`${name}Ref`);
  return typeof value === "string" && value ? value : null;
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

export async function readVideoForm(request: Request, userId: string): Promise<VideoFormResult> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType)) {
    const fields = await request.formData();
    return {
      ok: true,
      fields,
      productImageRef: cleared(fields, FIELDS.clearProductImage) ? null : refOf(fields, FIELDS.productImage),
      backgroundMusicRef: cleared(fields, FIELDS.clearBackgroundMusic) ? null : refOf(fields, FIELDS.backgroundMusic),
      storedNow: [],
      kept: { productImage: null, backgroundMusic: null },
    };
  }

  // maxFiles is above one so that parseUploadForm's size pre-check (by Content-Length) leaves
  // room for the other bucket's file in the same body; one file per field is enforced below.
  const copy = request.clone();
  const [image, music] = await Promise.all([
    parseUploadForm(copy, {
      bucket: "product-photos",
      ownerId: userId,
      kinds: ["image"],
      fileFields: [FIELDS.productImage],
      maxFiles: 3,
    }),
    parseUploadForm(request, {
      bucket: "background-music",
      ownerId: userId,
      kinds: ["audio"],
      fileFields: [FIELDS.backgroundMusic],
      maxFiles: 2,
    }),
  ]);
  // A pass that refused the body up front (by its declared size) never read it: let go of it,
  // so the copy does not keep buffering what the other pass reads.
  for (const r of [copy, request]) if (!r.bodyUsed) await r.body?.cancel().catch(() => undefined);
  const fields = image.fields.has(FIELDS.script) || !music.ok ? image.fields : music.fields;

  const imagePick = image.ok ? pick(image, FIELDS.productImage, FIELDS.clearProductImage) : null;
  const musicPick = music.ok ? pick(music, FIELDS.backgroundMusic, FIELDS.clearBackgroundMusic) : null;
  const imageError = !image.ok ? image.error : imagePick && "error" in imagePick ? imagePick.error : null;
  const musicError = !music.ok ? music.error : musicPick && "error" in musicPick ? musicPick.error : null;
  const storedNow = [...(imagePick?.fresh ?? []), ...(musicPick?.fresh ?? [])];

  if (imageError || musicError) {
    await Promise.all(storedNow.map((f) => deleteFile(f.bucket, f.key).catch((e) => console.error("[create-video] cleanup failed", e))));
    const fieldErrors: FieldErrors = {};
    if (imageError) fieldErrors.productImage = imageError;
    if (musicError) fieldErrors.backgroundMusic = uploadFailedMessage("audio", musicError);
    const toast: Toast = imageError
      ? { ...VIDEO_MESSAGES.uploadProductPhoto }
      : { title: VIDEO_MESSAGES.uploadProductPhoto.title, description: uploadFailedMessage("audio", musicError!) };
    return { ok: false, toast, fieldErrors, fields };
  }

  const productImage = imagePick && "chosen" in imagePick ? (imagePick.chosen ?? null) : null;
  const backgroundMusic = musicPick && "chosen" in musicPick ? (musicPick.chosen ?? null) : null;
  return {
    ok: true,
    fields,
    productImageRef: productImage?.ref ?? null,
    backgroundMusicRef: backgroundMusic?.ref ?? null,
    storedNow,
    kept: { productImage: keptFile(productImage), backgroundMusic: keptFile(backgroundMusic) },
  };
}
