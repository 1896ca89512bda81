// A file slot of the create-video form (product or avatar image; background music).
//
// With JavaScript the chosen file goes up at once through useUpload (real XMLHttpRequest
// progress to POST /resources/upload/:bucket) and the form carries "{name}Ref"; a file whose
// upload failed is tried again when the form is submitted (ensureUploaded). Without JavaScript
// it is a plain file input posted with the multipart form; a file kept from an earlier attempt
// comes back as a hidden ref with a "Remove" checkbox.
import { forwardRef, useCallback, useEffect, useId, useImperativeHandle, useRef, useState } from "react";
import { toast } from "sonner";
import { precheckFile, useUpload } from "~/components/upload/useUpload";
import { cx } from "~/components/ui/cx";
import { Icon, type IconName } from "~/components/ui/Icon";
import { acceptFor, type BucketName } from "~/utils/storage/buckets";
import { formatBytes, type MediaKind } from "~/utils/storage/media-types";
import { toasterFor, type KeptFile, type Toast } from "~/models/stories/video-request-rules";

export type MediaUploadHandle = {
  /** Uploads a chosen file that is not stored yet; false when that fails (a toast says why). */
  ensureUploaded: () => Promise<boolean>;
};

export type MediaUploadProps = {
  name: string;
  clearName: string;
  bucket: BucketName;
  kind: Extract<MediaKind, "image" | "audio">;
  label: string;
  description: string;
  icon: IconName;
  hydrated: boolean;
  kept?: KeptFile | null;
  error?: string | null;
  /** The toast for a failed upload (docs/product.md#messages), from the server's reason. */
  failureToast: (reason: string) => Toast;
  /** The inline text for a failed upload. */
  failureText?: (reason: string) => string;
  onBusyChange?: (busy: boolean) => void;
};

function Preview({ kind, url, name }: { kind: MediaKind; url: string; name: string }) {
  if (kind === "image") {
    return <img src={url} alt={`Preview of ${name}`} className="h-28 w-28 rounded-lg border border-slate-200 bg-slate-50 object-cover" />;
  }
  return <audio controls preload="metadata" src={url} className="h-10 w-full max-w-sm" aria-label={`Preview of ${name}`} />;
}

export const MediaUpload = forwardRef<MediaUploadHandle, MediaUploadProps>(function MediaUpload(
  { name, clearName, bucket, kind, label, description, icon, hydrated, kept, error: serverError, failureToast, failureText, onBusyChange },
  ref,
) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const kinds = useRef([kind] as const).current;
  const { upload, reset, status, progress, error: uploadError, file } = useUpload({ bucket, kinds });
  const [chosen, setChosen] = useState<File | null>(null);
  const [localUrl, setLocalUrl] = useState<string | null>(null);
  const [precheckError, setPrecheckError] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (localUrl) URL.revokeObjectURL(localUrl);
    },
    [localUrl],
  );
  useEffect(() => onBusyChange?.(status === "uploading"), [status, onBusyChange]);

  const send = useCallback(
    async (selected: File): Promise<boolean> => {
      const uploaded = await upload(selected);
      return uploaded !== null;
    },
    [upload],
  );

  // A failed upload: one toast per failure, with the server's (or network's) reason.
  const lastToasted = useRef<string | null>(null);
  useEffect(() => {
    if (status !== "error" || !uploadError || precheckError) return;
    if (lastToasted.current === uploadError + String(chosen?.name)) return;
    lastToasted.current = uploadError + String(chosen?.name);
    const t = failureToast(uploadError);
    toast.error(t.title, { toasterId: toasterFor(inputRef.current), ...(t.description ? { description: t.description } : {}) });
  }, [status, uploadError, precheckError, chosen, failureToast]);

  useImperativeHandle(
    ref,
    () => ({
      ensureUploaded: async () => {
        if (!chosen || file) return true;
        if (precheckError) {
          toast.error(precheckError, { toasterId: toasterFor(inputRef.current) });
          return false;
        }
        lastToasted.current = null;
        return send(chosen);
      },
    }),
    [chosen, file, precheckError, send],
  );

  async function onChange(event: React.ChangeEvent<HTMLInputElement>) {
    const selected = event.target.files?.[0] ?? null;
    if (!selected) return;
    reset();
    lastToasted.current = null;
    const problem = precheckFile(selected, kinds);
    setChosen(selected);
    setLocalUrl(problem ? null : URL.createObjectURL(selected));
    setPrecheckError(problem);
    if (problem) {
      // "Please upload a {kind} file" (docs/product.md#uploads-and-files).
      toast.error(problem, { toasterId: toasterFor(inputRef.current) });
      return;
    }
    await send(selected);
  }

  function clear() {
    reset();
    setChosen(null);
    setLocalUrl(null);
    setPrecheckError(null);
    if (inputRef.current) inputRef.current.value = "";
    inputRef.current?.focus();
  }

  const shownError =
    precheckError ?? (status === "error" && uploadError ? (failureText ? failureText(uploadError) : uploadError) : null) ?? serverError ?? null;
  const previewUrl = file?.url ?? localUrl ?? (!chosen ? (kept?.url ?? null) : null);
  const previewName = file?.originalName ?? chosen?.name ?? kept?.name ?? label;
  const describedBy = [`${id}-desc`, `${id}-status`, shownError ? `${id}-error` : null].filter(Boolean).join(" ");

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <Icon name={icon} className="size-4 text-slate-500" />
        {label}
      </label>
      <p id={`${id}-desc`} className="text-xs text-slate-500">
        {description}
      </p>
      <input
        ref={inputRef}
        id={id}
        type="file"
        // Posted with the form without JavaScript; the enhanced submit leaves it out.
        name={name}
        accept={acceptFor(bucket, {}, kinds)}
        disabled={status === "uploading"}
        aria-describedby={describedBy}
        aria-invalid={shownError ? true : undefined}
        onChange={hydrated ? onChange : undefined}
        className="block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-700 hover:file:bg-brand-100 disabled:opacity-60"
      />
      {file ? <input type="hidden" name={`${name}Ref`} value={file.ref} /> : null}
      {!file && !chosen && kept ? <input type="hidden" name={`${name}Ref`} value={kept.ref} /> : null}

      {previewUrl && status !== "error" ? <Preview kind={kind} url={previewUrl} name={previewName} /> : null}

      {status === "uploading" || status === "done" ? (
        <progress
          value={progress}
          max={100}
          aria-label={`Upload progress for ${label}`}
          className="h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-brand-600"
        />
      ) : null}
      <p id={`${id}-status`} aria-live="polite" className="text-xs text-slate-600">
        {status === "uploading" ? `Uploading... ${progress}%` : null}
        {status === "done" && file ? `Uploaded ${file.originalName ?? "file"} (${formatBytes(file.size)})` : null}
        {!file && !chosen && kept ? `Uploaded ${kept.name ?? "file"}` : null}
      </p>
      <p id={`${id}-error`} className={cx("text-sm text-red-700", !shownError && "sr-only")}>
        {shownError}
      </p>

      {hydrated && (file || chosen || status === "error") ? (
        <button type="button" onClick={clear} className="self-start rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50">
          {file ? "Remove file" : "Clear"}
        </button>
      ) : null}
      {!hydrated && kept ? (
        <label className="inline-flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" name={clearName} value="1" className="size-4 accent-brand-600" />
          Remove this file
        </label>
      ) : null}
    </div>
  );
});
