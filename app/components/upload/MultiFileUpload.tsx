// Several files picked at once, each uploaded with its own real progress (XMLHttpRequest upload
// events, docs/decisions/032-upload-doors-and-progress.md), then handed over together: the page
// gets the stored files of every upload that succeeded in one call (one save for the lot), and
// each file that failed keeps its "Failed to upload {name}: {reason}" line. The server detects
// each file's type from its bytes; the browser's check before sending is only a hint.
//
// Without JavaScript it is a plain <input type="file" multiple name={name}> for a surrounding
// multipart form.
import { useEffect, useId, useRef, useState } from "react";
import { acceptFor, allowedKinds, type BucketName } from "~/utils/storage/buckets";
import type { MediaKind } from "~/utils/storage/media-types";
import { precheckFile } from "./useUpload";
import { uploadUrl, xhrUpload, type UploadedFile } from "./xhr-upload";

type Item = { id: number; name: string; progress: number; status: "uploading" | "done" | "error"; error?: string };

/** At most this many files go up at the same time; the others wait their turn. */
const PARALLEL = 3;

export function MultiFileUpload({
  bucket,
  label,
  name = "files",
  params,
  kinds,
  disabled,
  error: serverError,
  onUploaded,
}: {
  bucket: BucketName;
  label: string;
  name?: string;
  params?: Record<string, string | undefined>;
  kinds?: readonly MediaKind[];
  disabled?: boolean;
  /** The page's error (the save after the uploads). */
  error?: string | null;
  /** Every file stored by one pick, in the order picked (not called when none was). */
  onUploaded: (files: UploadedFile[]) => void;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<Item[]>([]);
  const aborts = useRef(new Set<() => void>());
  const busy = items.some((i) => i.status === "uploading");

  useEffect(() => {
    const pending = aborts.current;
    return () => pending.forEach((abort) => abort());
  }, []);

  const update = (itemId: number, change: Partial<Item>) => setItems((all) => all.map((i) => (i.id === itemId ? { ...i, ...change } : i)));

  async function onChange(event: React.ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.target.files ?? []);
    if (chosen.length === 0) return;
    const allowed = allowedKinds(bucket, params, kinds);
    const url = uploadUrl(bucket, params);
    const picked: Item[] = chosen.map((f, i) => ({ id: Date.now() + i, name: f.name, progress: 0, status: "uploading" }));
    setItems(picked);
    const results: (UploadedFile | null)[] = new Array(chosen.length).fill(null);
    let next = 0;
    const worker = async () => {
      while (next < chosen.length) {
        const index = next++;
        const file = chosen[index];
        const item = picked[index];
        const problem = precheckFile(file, allowed);
        if (problem) {
          update(item.id, { status: "error", error: `Failed to upload ${file.name}: ${problem}` });
          continue;
        }
        const sending = xhrUpload(url, file, (progress) => update(item.id, { progress }));
        aborts.current.add(sending.abort);
        const result = await sending.done;
        aborts.current.delete(sending.abort);
        if (result.ok) {
          results[index] = result.file;
          update(item.id, { status: "done", progress: 100 });
        } else if ("error" in result) {
          update(item.id, { status: "error", progress: 0, error: `Failed to upload ${file.name}: ${result.error}` });
        } else {
          update(item.id, { status: "error", progress: 0, error: `Failed to upload ${file.name}: cancelled` });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, chosen.length) }, worker));
    if (inputRef.current) inputRef.current.value = "";
    const stored = results.filter((f): f is UploadedFile => f !== null);
    if (stored.length === 0) return;
    // The page says what became of them; only the failures stay listed here.
    setItems((all) => all.filter((i) => i.status === "error"));
    onUploaded(stored);
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        multiple
        name={name}
        accept={acceptFor(bucket, params, kinds)}
        disabled={disabled || busy}
        aria-describedby={`${id}-status`}
        onChange={onChange}
        className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-700 hover:file:bg-brand-100 disabled:opacity-60"
      />
      {items.length > 0 ? (
        <ul id={`${id}-status`} className="space-y-1" aria-live="polite">
          {items.map((item) => (
            <li key={item.id} className="text-xs text-slate-600">
              {item.status === "error" ? (
                <span role="alert" className="text-sm text-red-600">
                  {item.error}
                </span>
              ) : (
                <>
                  <span className="flex items-center justify-between gap-2">
                    <span className="min-w-0 truncate">{item.name}</span>
                    <span>{item.status === "done" ? "Uploaded" : `Uploading... ${item.progress}%`}</span>
                  </span>
                  <progress
                    value={item.progress}
                    max={100}
                    aria-label={`Upload progress for ${item.name}`}
                    aria-valuetext={`${item.progress}%`}
                    className="h-1.5 w-full overflow-hidden rounded-full accent-brand-600"
                  />
                </>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p id={`${id}-status`} className="sr-only" />
      )}
      {serverError ? (
        <p role="alert" className="text-sm text-red-600">
          {serverError}
        </p>
      ) : null}
    </div>
  );
}
