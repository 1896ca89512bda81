// An accessible file picker that uploads as soon as a file is chosen, with real progress.
//
// Without JavaScript it is a plain <input type="file" name={name}>: the surrounding
// <form method="post" encType="multipart/form-data"> posts the file and the action reads it with
// parseUploadForm(). With JavaScript the file goes up at once through useUpload(); the input then
// loses its name and a hidden "{name}Ref" carries "bucket/key" instead, which parseUploadForm()
// accepts too. Either way the action gets the same StoredFile.
import { useEffect, useId, useRef, useState } from "react";
import { acceptFor, type BucketName } from "~/utils/storage/buckets";
import { formatBytes, type MediaKind } from "~/utils/storage/media-types";
import { useUpload, type UploadedFile } from "./useUpload";

export type FileUploadProps = {
  /** The input's id, where the markup must not depend on its place in the tree (markup kept by StaticMarkup); else one of React's. */
  id?: string;
  bucket: BucketName;
  label: string;
  /** Form field name of the file (default "file"); the reference goes in "{name}Ref". */
  name?: string;
  params?: Record<string, string | undefined>;
  kinds?: readonly MediaKind[];
  /** Another upload door (with its own authorisation); default /resources/upload/{bucket}. */
  uploadUrl?: string;
  description?: string;
  required?: boolean;
  disabled?: boolean;
  /** An already stored file to show (e.g. the current avatar). */
  current?: { url: string; contentType?: string; name?: string } | null;
  /** Error from the server-side action (rendered like upload errors). */
  error?: string | null;
  onUploaded?: (file: UploadedFile) => void;
  onCleared?: () => void;
  onUploadingChange?: (uploading: boolean) => void;
  className?: string;
};

function Preview({ url, contentType, name }: { url: string; contentType: string; name: string }) {
  if (contentType.startsWith("image/")) {
    return <img src={url} alt={`Preview of ${name}`} className="h-24 w-24 rounded-lg border border-slate-200 object-cover" />;
  }
  if (contentType.startsWith("audio/")) {
    return <audio controls src={url} className="w-full max-w-xs" aria-label={`Preview of ${name}`} />;
  }
  if (contentType.startsWith("video/")) {
    return <video controls src={url} className="max-h-40 w-full max-w-xs rounded-lg" aria-label={`Preview of ${name}`} />;
  }
  return null;
}

export function FileUpload({
  id: givenId,
  bucket,
  label,
  name = "file",
  params,
  kinds,
  uploadUrl,
  description,
  required,
  disabled,
  current,
  error: serverError,
  onUploaded,
  onCleared,
  onUploadingChange,
  className,
}: FileUploadProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const inputRef = useRef<HTMLInputElement>(null);
  const { upload, reset, status, progress, error, file } = useUpload({ bucket, params, kinds, url: uploadUrl });
  const [local, setLocal] = useState<{ url: string; type: string; name: string } | null>(null);

  useEffect(
    () => () => {
      if (local) URL.revokeObjectURL(local.url);
    },
    [local],
  );
  useEffect(() => onUploadingChange?.(status === "uploading"), [status, onUploadingChange]);

  async function onChange(event: React.ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    setLocal({ url: URL.createObjectURL(chosen), type: chosen.type, name: chosen.name });
    const uploaded = await upload(chosen);
    if (uploaded) onUploaded?.(uploaded);
  }

  function clear() {
    reset();
    setLocal(null);
    if (inputRef.current) inputRef.current.value = "";
    onCleared?.();
    inputRef.current?.focus();
  }

  const shownError = error ?? serverError ?? null;
  const previewUrl = file?.url ?? local?.url ?? current?.url ?? null;
  const previewType = file?.contentType ?? local?.type ?? current?.contentType ?? "";
  const previewName = file?.originalName ?? local?.name ?? current?.name ?? label;
  const describedBy = [description ? `${id}-desc` : null, `${id}-status`, shownError ? `${id}-error` : null].filter(Boolean).join(" ");

  return (
    <div className={className ?? "flex flex-col gap-2"}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {description ? (
        <p id={`${id}-desc`} className="text-xs text-slate-500">
          {description}
        </p>
      ) : null}
      <input
        ref={inputRef}
        id={id}
        type="file"
        // After a JS upload the file must not be posted a second time with the form.
        name={file ? undefined : name}
        accept={acceptFor(bucket, params, kinds)}
        required={required && !file}
        disabled={disabled || status === "uploading"}
        aria-describedby={describedBy}
        aria-invalid={shownError ? true : undefined}
        onChange={onChange}
        className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-700 hover:file:bg-brand-100 disabled:opacity-60"
      />
      {file ? <input type="hidden" name={`${name}Ref`} value={file.ref} /> : null}

      {previewUrl && previewType && status !== "error" ? <Preview url={previewUrl} contentType={previewType} name={previewName} /> : null}

      {status === "uploading" || status === "done" ? (
        <progress
          value={progress}
          max={100}
          aria-label={`Upload progress for ${label}`}
          aria-valuenow={progress}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuetext={`${progress}%`}
          className="h-2 w-full overflow-hidden rounded-full accent-brand-600"
        />
      ) : null}

      <p id={`${id}-status`} aria-live="polite" className="text-xs text-slate-600">
        {status === "uploading" ? `Uploading... ${progress}%` : null}
        {status === "done" && file ? `Uploaded ${file.originalName ?? "file"} (${formatBytes(file.size)})` : null}
      </p>
      <p id={`${id}-error`} role="alert" aria-live="assertive" className="text-sm text-red-600">
        {shownError}
      </p>

      {file || status === "error" ? (
        <button type="button" onClick={clear} className="self-start rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50">
          {file ? "Remove file" : "Clear"}
        </button>
      ) : null}
    </div>
  );
}
