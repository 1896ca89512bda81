// Uploads one file to POST /resources/upload/:bucket (or another upload door) with
// XMLHttpRequest, so the progress is the real share of bytes sent. The percentage stops at 99
// until the server has stored the file, is 100 on completion and goes back to 0 on failure.
import { useCallback, useEffect, useRef, useState } from "react";
import type { BucketName } from "~/utils/storage/buckets";
import { allowedKinds } from "~/utils/storage/buckets";
import { kindOfDeclaredType, MAX_BYTES, tooLargeMessage, wrongKindMessage, type MediaKind } from "~/utils/storage/media-types";

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

export type UploadStatus = "idle" | "uploading" | "done" | "error";

export type UseUploadOptions = {
  bucket: BucketName;
  /** Key context for the bucket (sceneId, kind, projectId, purpose, orderId); sent in the query. */
  params?: Record<string, string | undefined>;
  kinds?: readonly MediaKind[];
  /** Another door with its own authorisation; defaults to /resources/upload/{bucket}. */
  url?: string;
};

export function uploadUrl(bucket: BucketName, params: Record<string, string | undefined> = {}): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) query.set(k, v);
  const qs = query.toString();
  return `/resources/upload/${bucket}${qs ? `?${qs}` : ""}`;
}

/**
 * A quick check before sending (saves a long wait for an obviously wrong file). Only a hint:
 * the server decides from the file's bytes.
 */
export function precheckFile(file: File, kinds: readonly MediaKind[]): string | null {
  if (kinds.length === 0) return wrongKindMessage(kinds);
  if (file.size === 0) return "The file is empty.";
  const declared = file.type ? kindOfDeclaredType(file.type) : null;
  if (file.type && (!declared || !kinds.includes(declared))) {
    // An .m4a or .weba can be declared as video/*; the server takes it as audio where audio is wanted.
    const audioInVideo = declared === "video" && kinds.includes("audio");
    if (!audioInVideo) return wrongKindMessage(kinds);
  }
  const kind = declared && kinds.includes(declared) ? declared : null;
  const limit = kind ? MAX_BYTES[kind] : Math.max(...kinds.map((k) => MAX_BYTES[k]));
  if (file.size > limit) return tooLargeMessage(kind ?? kinds.reduce((a, k) => (MAX_BYTES[k] > MAX_BYTES[a] ? k : a)));
  return null;
}

export function useUpload(options: UseUploadOptions) {
  const [status, setStatus] = useState<UploadStatus>("idle");
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [file, setFile] = useState<UploadedFile | null>(null);
  const xhrRef = useRef<XMLHttpRequest | null>(null);
  const { bucket, params, kinds, url } = options;
  const paramsKey = JSON.stringify(params ?? {});

  useEffect(() => () => xhrRef.current?.abort(), []);

  const fail = useCallback((message: string) => {
    setStatus("error");
    setProgress(0);
    setError(message);
  }, []);

  const upload = useCallback(
    (selected: File): Promise<UploadedFile | null> => {
      xhrRef.current?.abort();
      const p = JSON.parse(paramsKey) as Record<string, string | undefined>;
      const problem = precheckFile(selected, allowedKinds(bucket, p, kinds));
      setFile(null);
      if (problem) {
        fail(problem);
        return Promise.resolve(null);
      }
      setStatus("uploading");
      setProgress(0);
      setError(null);

      return new Promise((resolve) => {
        const xhr = new XMLHttpRequest();
        xhrRef.current = xhr;
        xhr.open("POST", url ?? uploadUrl(bucket, p));
        xhr.responseType = "json";
        xhr.setRequestHeader("Accept", "application/json");
        xhr.upload.onprogress = (event) => {
          if (!event.lengthComputable || event.total === 0) return;
          // Bytes sent are not a stored file yet: 100 waits for the server's answer.
          setProgress(Math.min(99, Math.floor((event.loaded / event.total) * 100)));
        };
        xhr.onload = () => {
          xhrRef.current = null;
          const body = (xhr.response ?? null) as (UploadedFile & { ok: true }) | { ok: false; error: string } | null;
          if (xhr.status >= 200 && xhr.status < 300 && body && body.ok) {
            const { ok: _ok, ...uploaded } = body;
            setProgress(100);
            setStatus("done");
            setFile(uploaded);
            resolve(uploaded);
          } else {
            const message =
              body && !body.ok && body.error
                ? body.error
                : xhr.status === 413
                  ? "The file is too large."
                  : `Upload failed (HTTP ${xhr.status}). Please try again.`;
            fail(message);
            resolve(null);
          }
        };
        xhr.onerror = () => {
          xhrRef.current = null;
          fail("The upload failed. Check your connection and try again.");
          resolve(null);
        };
        xhr.onabort = () => {
          xhrRef.current = null;
          setStatus("idle");
          setProgress(0);
          resolve(null);
        };
        const form = new FormData();
        form.append("file", selected, selected.name);
        xhr.send(form);
      });
    },
    [bucket, paramsKey, kinds, url, fail],
  );

  const abort = useCallback(() => xhrRef.current?.abort(), []);
  const reset = useCallback(() => {
    xhrRef.current?.abort();
    setStatus("idle");
    setProgress(0);
    setError(null);
    setFile(null);
  }, []);

  return { upload, abort, reset, status, progress, error, file, uploading: status === "uploading" };
}
