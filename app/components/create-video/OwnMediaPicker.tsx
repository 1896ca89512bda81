// The brand's own photos and clips in the create-video form (docs/decisions/315-own-photos-and-clips.md).
//
// With JavaScript: each chosen file goes up at once to the JSON upload door (XMLHttpRequest, so
// the progress bar is the real share of bytes sent), with a thumbnail; files can be moved up or
// down (buttons, so the keyboard and screen readers can) and removed before paying; the form
// posts one hidden "mediaRef" per uploaded file, in the order shown. A refused file stays listed
// with the server's message, named, until it is removed, and is not posted.
// Without JavaScript: two multipart file inputs, "photos" and "clips", in the same post.
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/Button";
import { precheckFile } from "~/components/upload/useUpload";
import { uploadUrl, xhrUpload } from "~/components/upload/xhr-upload";
import { FIELDS } from "~/models/stories/video-request-rules";
import { CLIP_ACCEPT, MEDIA_BUCKETS, MEDIA_HINT, MEDIA_LIMITS, PHOTO_ACCEPT, type OwnMediaKind } from "~/models/stories/video-media";

/** A file already stored (e.g. pre-filled from a product page): posted as it is. */
export type PickedMedia = { ref: string; url: string; name: string; kind: OwnMediaKind };

type Item = {
  id: string;
  name: string;
  kind: OwnMediaKind;
  preview: string | null;
  progress: number;
  status: "uploading" | "done" | "error";
  ref?: string;
  error?: string;
  abort?: () => void;
};

export type OwnMediaPickerProps = {
  hydrated: boolean;
  error?: string;
  initial?: PickedMedia[];
  onBusyChange?: (busy: boolean) => void;
};

let counter = 0;

export function OwnMediaPicker({ hydrated, error, initial, onBusyChange }: OwnMediaPickerProps) {
  const id = useId();
  const [items, setItems] = useState<Item[]>(() =>
    (initial ?? []).map((m) => ({ id: `m${++counter}`, name: m.name, kind: m.kind, preview: m.url, progress: 100, status: "done", ref: m.ref })),
  );
  const [notice, setNotice] = useState("");
  const photoInput = useRef<HTMLInputElement>(null);
  const clipInput = useRef<HTMLInputElement>(null);
  const live = useRef(items);
  live.current = items;

  const busy = items.some((i) => i.status === "uploading");
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);
  // Stop uploads and free previews when the form goes away.
  useEffect(
    () => () => {
      for (const item of live.current) {
        item.abort?.();
        if (item.preview?.startsWith("blob:")) URL.revokeObjectURL(item.preview);
      }
    },
    [],
  );

  const update = useCallback((itemId: string, change: Partial<Item>) => setItems((all) => all.map((i) => (i.id === itemId ? { ...i, ...change } : i))), []);

  function add(files: FileList | null, kind: OwnMediaKind) {
    if (!files) return;
    const room = MEDIA_LIMITS[kind] - live.current.filter((i) => i.kind === kind).length;
    const chosen = Array.from(files);
    if (chosen.length > room)
      setNotice(`At most ${MEDIA_LIMITS[kind]} ${kind === "photo" ? "photos" : "clips"}: ${chosen.length - Math.max(0, room)} not added.`);
    const added: Item[] = [];
    for (const file of chosen.slice(0, Math.max(0, room))) {
      const item: Item = { id: `m${++counter}`, name: file.name, kind, preview: URL.createObjectURL(file), progress: 0, status: "uploading" };
      const problem = precheckFile(file, [kind === "photo" ? "image" : "video"]);
      if (problem) {
        added.push({ ...item, status: "error", error: problem });
        continue;
      }
      const sending = xhrUpload(uploadUrl(MEDIA_BUCKETS[kind]), file, (progress) => update(item.id, { progress }));
      item.abort = sending.abort;
      void sending.done.then((result) => {
        if (result.ok) update(item.id, { status: "done", progress: 100, ref: result.file.ref, abort: undefined });
        else if (!("aborted" in result)) update(item.id, { status: "error", progress: 0, error: result.error, abort: undefined });
      });
      added.push(item);
    }
    setItems((all) => [...all, ...added]);
  }

  function move(index: number, by: -1 | 1) {
    setItems((all) => {
      const next = [...all];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item);
      setNotice(`${item.name} moved to position ${index + by + 1} of ${all.length}.`);
      return next;
    });
  }

  function remove(index: number) {
    const item = items[index];
    item.abort?.();
    if (item.preview?.startsWith("blob:")) URL.revokeObjectURL(item.preview);
    setItems((all) => all.filter((i) => i.id !== item.id));
    setNotice(`${item.name} removed.`);
  }

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = error ? `${hintId} ${errorId}` : hintId;

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={describedBy}>
      <legend className="text-sm font-medium text-slate-900">Your photos and clips</legend>
      <p id={hintId} className="text-xs text-slate-600">
        Optional. {MEDIA_HINT}
      </p>
      {hydrated ? (
        <>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => photoInput.current?.click()}>
              Add photos
            </Button>
            <Button variant="secondary" onClick={() => clipInput.current?.click()}>
              Add clips
            </Button>
          </div>
          <input
            ref={photoInput}
            type="file"
            multiple
            accept={PHOTO_ACCEPT}
            hidden
            aria-label="Add photos"
            onChange={(e) => (add(e.target.files, "photo"), (e.target.value = ""))}
          />
          <input
            ref={clipInput}
            type="file"
            multiple
            accept={CLIP_ACCEPT}
            hidden
            aria-label="Add clips"
            onChange={(e) => (add(e.target.files, "clip"), (e.target.value = ""))}
          />
          {items.length > 0 ? (
            <ol className="flex flex-col gap-2" aria-label="Your photos and clips, in the order the scenes show them">
              {items.map((item, i) => (
                <li key={item.id} className="flex items-center gap-3 rounded-lg border border-slate-200 p-2">
                  <Thumbnail item={item} />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm text-slate-900">
                      {i + 1}. {item.name} <span className="text-xs text-slate-500">({item.kind})</span>
                    </p>
                    {item.status === "uploading" ? (
                      <progress className="h-2 w-full" max={100} value={item.progress} aria-label={`Upload progress for ${item.name}`} />
                    ) : null}
                    {item.status === "error" ? (
                      <p role="alert" className="text-xs text-red-700">
                        {item.name}: {item.error}
                      </p>
                    ) : null}
                    {item.status === "done" && item.ref ? <input type="hidden" name={FIELDS.mediaRef} value={item.ref} /> : null}
                  </div>
                  <div className="flex shrink-0 gap-1">
                    <Button variant="secondary" size="sm" onClick={() => move(i, -1)} disabled={i === 0} aria-label={`Move ${item.name} up`}>
                      Move up
                    </Button>
                    <Button variant="secondary" size="sm" onClick={() => move(i, 1)} disabled={i === items.length - 1} aria-label={`Move ${item.name} down`}>
                      Move down
                    </Button>
                    <Button variant="secondary" size="sm" onClick={() => remove(i)} aria-label={`Remove ${item.name}`}>
                      Remove
                    </Button>
                  </div>
                </li>
              ))}
            </ol>
          ) : null}
          <p aria-live="polite" className="sr-only">
            {notice}
          </p>
        </>
      ) : (
        <>
          {(initial ?? []).map((m) => (
            <input key={m.ref} type="hidden" name={FIELDS.mediaRef} value={m.ref} />
          ))}
          <label className="text-sm text-slate-800">
            Photos (up to {MEDIA_LIMITS.photo})
            <input type="file" name={FIELDS.photos} multiple accept={PHOTO_ACCEPT} className="mt-1 block w-full text-sm" />
          </label>
          <label className="text-sm text-slate-800">
            Clips (up to {MEDIA_LIMITS.clip})
            <input type="file" name={FIELDS.clips} multiple accept={CLIP_ACCEPT} className="mt-1 block w-full text-sm" />
          </label>
        </>
      )}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function Thumbnail({ item }: { item: Item }) {
  const box = "size-14 shrink-0 rounded-md bg-slate-100 object-cover";
  if (!item.preview) return <div className={box} aria-hidden="true" />;
  if (item.kind === "clip") return <video src={item.preview} muted playsInline preload="metadata" className={box} aria-hidden="true" />;
  return <img src={item.preview} alt="" className={box} />;
}
