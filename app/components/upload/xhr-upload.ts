// Sends one file to an upload door (POST /resources/upload/:bucket or another) with
// XMLHttpRequest, so the progress is the real share of bytes sent (docs/decisions/032-upload-doors-and-progress.md).
// The percentage stops at 99 until the server has stored the file; the caller shows 100 then.
import type { BucketName } from "~/utils/storage/buckets";

export type UploadedFile = {
  id: string;
  bucket: BucketName;
  key: string;
  /** "bucket/key": submit it in a form as "{field}Ref". */
  ref: string;
  url: string;
  contentType: string;
  size: number;
  originalName: string | null;
};

export type XhrUploadResult = { ok: true; file: UploadedFile } | { ok: false; error: string } | { ok: false; aborted: true };

export function uploadUrl(bucket: BucketName, params: Record<string, string | undefined> = {}): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) query.set(k, v);
  const qs = query.toString();
  return `/resources/upload/${bucket}${qs ? `?${qs}` : ""}`;
}

/** Starts the upload; `abort` cancels it (the promise then answers `aborted`). */
export function xhrUpload(url: string, file: File, onProgress: (percent: number) => void): { done: Promise<XhrUploadResult>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<XhrUploadResult>((resolve) => {
    xhr.open("POST", url);
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable || event.total === 0) return;
      // Bytes sent are not a stored file yet: 100 waits for the server's answer.
      onProgress(Math.min(99, Math.floor((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      const body = (xhr.response ?? null) as (UploadedFile & { ok: true }) | { ok: false; error: string } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body && body.ok) {
        const { ok: _ok, ...uploaded } = body;
        onProgress(100);
        resolve({ ok: true, file: uploaded });
      } else {
        const error =
          body && !body.ok && body.error ? body.error : xhr.status === 413 ? "The file is too large." : `Upload failed (HTTP ${xhr.status}). Please try again.`;
        resolve({ ok: false, error });
      }
    };
    xhr.onerror = () => resolve({ ok: false, error: "The upload failed. Check your connection and try again." });
    xhr.onabort = () => resolve({ ok: false, aborted: true });
    const form = new FormData();
    form.append("file", file, file.name);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
