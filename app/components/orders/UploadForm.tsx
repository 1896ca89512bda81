// A multipart form with files. Without JavaScript it is a plain post to the page's action. With
// JavaScript the same fields go to a JSON upload door with XMLHttpRequest, so the progress bar
// shows the real share of bytes sent; on success the page follows the answer's redirectTo
// (docs/decisions/182-order-uploads-with-progress.md).
import { Form, useNavigate, useRevalidator } from "@remix-run/react";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { useHydrated } from "~/components/create-video/useHydrated";

export type UploadFormProps = {
  /** The page's action (plain post). */
  action: string;
  /** The JSON door the script posts to. */
  xhrAction: string;
  /** Refused before sending when no file is chosen (the server checks too). */
  requireFilesMessage?: string;
  /** Field name of the file input checked by requireFilesMessage. */
  filesField?: string;
  className?: string;
  children: (state: { uploading: boolean; progress: number }) => React.ReactNode;
  testId?: string;
};

export function UploadForm({ action, xhrAction, requireFilesMessage, filesField = "files", className, children, testId }: UploadFormProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const xhrRef = useRef<XMLHttpRequest | null>(null);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (!hydrated) return;
    event.preventDefault();
    if (uploading) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const files = data.getAll(filesField).filter((f): f is File => f instanceof File && f.size > 0);
    if (requireFilesMessage && files.length === 0) {
      setError(requireFilesMessage);
      toast.error(requireFilesMessage);
      return;
    }
    setError(null);
    setUploading(true);
    setProgress(0);
    const xhr = new XMLHttpRequest();
    xhrRef.current = xhr;
    xhr.open("POST", xhrAction);
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) setProgress(Math.min(99, Math.floor((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      setUploading(false);
      const body = xhr.response as { ok: true; redirectTo: string; message: string } | { ok: false; error: string } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body && body.ok) {
        setProgress(100);
        toast.success(body.message);
        form.reset();
        const here = window.location.pathname + window.location.search;
        if (body.redirectTo === here) revalidator.revalidate();
        else if (/^\/(?!\/)/.test(body.redirectTo) && !body.redirectTo.startsWith("/payment")) navigate(body.redirectTo, { preventScrollReset: true });
        else window.location.assign(body.redirectTo);
      } else {
        setProgress(0);
        const message = body && !body.ok ? body.error : `Upload failed (HTTP ${xhr.status}). Please try again.`;
        setError(message);
        toast.error(message);
      }
    };
    xhr.onerror = () => {
      setUploading(false);
      setProgress(0);
      const message = "The upload failed. Check your connection and try again.";
      setError(message);
      toast.error(message);
    };
    xhr.send(data);
  }

  return (
    <Form method="post" encType="multipart/form-data" action={action} reloadDocument onSubmit={onSubmit} className={className} data-testid={testId}>
      {children({ uploading, progress })}
      {uploading ? (
        <div className="mt-3 space-y-1" aria-live="polite">
          <progress className="h-2 w-full" max={100} value={progress} aria-label="Upload progress" />
          <p className="text-xs text-slate-600">Uploading… {progress}%</p>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </Form>
  );
}
