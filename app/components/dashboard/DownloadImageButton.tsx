// Downloads a generated image as image-{id}.png (docs/product.md#dashboard). Without JavaScript it
// is a plain download link; with JavaScript the file is fetched, converted to PNG when it is
// another format, saved, and the outcome is toasted.
import { useState } from "react";
import { toast } from "sonner";
import { TOASTS } from "./messages";

export function imageFileName(id: string): string {
  return `image-${id}.png`;
}

async function toPng(blob: Blob): Promise<Blob> {
  if (blob.type === "image/png") return blob;
  if (!blob.type.startsWith("image/")) throw new Error(`not an image: ${blob.type || "unknown type"}`);
  const bitmap = await createImageBitmap(blob);
  try {
    const canvas = document.createElement("canvas");
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d canvas");
    context.drawImage(bitmap, 0, 0);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((png) => (png ? resolve(png) : reject(new Error("PNG encoding failed"))), "image/png"));
  } finally {
    bitmap.close();
  }
}

export function DownloadImageButton({ id, url }: { id: string; url: string }) {
  const [busy, setBusy] = useState(false);
  const fileName = imageFileName(id);

  async function onClick(event: React.MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const response = await fetch(url, { credentials: "same-origin" });
      if (!response.ok) throw new Error(`download failed with ${response.status}`);
      const png = await toPng(await response.blob());
      const objectUrl = URL.createObjectURL(png);
      const link = document.createElement("a");
      link.href = objectUrl;
      link.download = fileName;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
      toast.success(TOASTS.downloaded.title, { description: TOASTS.downloaded.description });
    } catch (error) {
      console.error(error);
      toast.error(TOASTS.downloadFailed.title, { description: TOASTS.downloadFailed.description });
    } finally {
      setBusy(false);
    }
  }

  return (
    <a
      href={url}
      download={fileName}
      onClick={onClick}
      aria-busy={busy || undefined}
      className="inline-flex h-8 items-center gap-1.5 rounded-md border border-slate-200 bg-white px-2.5 text-xs font-medium text-slate-700 hover:bg-slate-50"
    >
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className="size-3.5"
        aria-hidden="true"
      >
        <path d="M12 4v12M7 11l5 5 5-5M4 20h16" />
      </svg>
      {busy ? "Downloading..." : "Download"}
    </a>
  );
}
