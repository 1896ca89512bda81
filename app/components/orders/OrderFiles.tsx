// Thumbnails of an order's files; each opens (images and videos inline) and downloads.
import type { OrderFileView } from "./types";

export function OrderFiles({ files, download = false, empty }: { files: OrderFileView[]; download?: boolean; empty: string }) {
  if (files.length === 0) return <p className="text-sm text-slate-500">{empty}</p>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {files.map((file) => (
        <li key={file.id} className="overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
          <a href={file.url} target="_blank" rel="noreferrer" className="block aspect-video bg-slate-100">
            {file.mediaType === "image" ? (
              <img src={file.thumbnailUrl ?? file.url} alt={file.name} loading="lazy" className="size-full object-cover" />
            ) : file.mediaType === "video" ? (
              <video src={file.url} preload="metadata" muted className="size-full object-cover" aria-label={file.name} />
            ) : (
              <span className="flex size-full items-center justify-center text-xs text-slate-500">{file.name}</span>
            )}
          </a>
          <div className="flex items-center justify-between gap-2 px-2 py-1.5">
            <span className="truncate text-xs text-slate-700" title={file.name}>
              {file.name}
            </span>
            {download ? (
              <a href={file.url} download={file.name} className="shrink-0 text-xs font-medium text-brand-700 hover:underline">
                Download
              </a>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
