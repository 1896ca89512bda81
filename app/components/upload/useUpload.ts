// Uploads one file to POST /resources/upload/:bucket (or another upload door) with
// XMLHttpRequest, so the progress is the real share of bytes sent. The percentage stops at 99
// until the server has stored the file, is 100 on completion and goes back to 0 on failure.
import { useCallback, useEffect, useRef, useState } from "react";
import type { BucketName } from "~/utils/storage/buckets";
import { allowedKinds } from "~/utils/storage/buckets";
import { kindOfDeclaredType, MAX_BYTES, tooLargeMessage, wrongKindMessage, type MediaKind } from "~/utils/storage/media-types";
import { uploadUrl, xhrUpload, type UploadedFile } from "./xhr-upload";

export { uploadUrl, type UploadedFile };

export type UploadStatus = "idle" | "uploading" | "done" | "error";

export type UseUploadOptions = {
  bucket: BucketName;
  /** Key context for the bucket (sceneId, kind, projectId, purpose, orderId); sent in the query. */
  params?: Record<string, string | undefined>;
  kinds?: readonly MediaKind[];
  /** Another door with its own authorisation; defaults to /resources/upload/{bucket}. */
  url?: string;
};

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
  const abortRef = useRef<(() => void) | null>(null);
  const { bucket, params, kinds, url } = options;
  const paramsKey = JSON.stringify(params ?? {});

  useEffect(() => () => abortRef.current?.(), []);

  const fail = useCallback((message: string) => {
    setStatus("error");
    setProgress(0);
    setError(message);
  }, []);

  const upload = useCallback(
    (selected: File): Promise<UploadedFile | null> => {
      abortRef.current?.();
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

      const sending = xhrUpload(url ?? uploadUrl(bucket, p), selected, setProgress);
      abortRef.current = sending.abort;
      return sending.done.then((result) => {
        // A newer upload replaced this one: it owns the state now.
        if (abortRef.current !== sending.abort) return null;
        abortRef.current = null;
        if (result.ok) {
          setStatus("done");
          setFile(result.file);
          return result.file;
        }
        if ("aborted" in result) {
          setStatus("idle");
          setProgress(0);
        } else fail(result.error);
        return null;
      });
    },
    [bucket, paramsKey, kinds, url, fail],
  );

  const abort = useCallback(() => abortRef.current?.(), []);
  const reset = useCallback(() => {
    abortRef.current?.();
    abortRef.current = null;
    setStatus("idle");
    setProgress(0);
    setError(null);
    setFile(null);
  }, []);

  return { upload, abort, reset, status, progress, error, file, uploading: status === "uploading" };
}
