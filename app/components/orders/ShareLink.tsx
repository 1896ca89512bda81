// The share dialog's controls: the link address in a read-only field (select and copy by hand
// without JavaScript), Copy ("Copied" for 2 s) and the system share sheet where the browser has one.
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { copyText } from "~/components/dashboard/CopyButton";
import { useHydrated } from "~/components/create-video/useHydrated";
import { Button } from "~/components/ui/Button";
import { COPY_CONFIRM_MS } from "~/utils/constants";

export function ShareLink({ url, title }: { url: string; title: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const [canShare, setCanShare] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    setCanShare(typeof navigator !== "undefined" && typeof navigator.share === "function");
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  async function copy() {
    try {
      await copyText(url);
      setCopied(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
    } catch {
      toast.error("Failed to copy", { description: "Please try again" });
    }
  }

  async function share() {
    try {
      await navigator.share({ title, url });
    } catch {
      // Closing the share sheet is not an error worth showing.
    }
  }

  return (
    <div className="space-y-3">
      <label className="block text-sm">
        <span className="font-medium text-slate-800">Link</span>
        <input
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="mt-1 block h-10 w-full rounded-md border border-slate-300 bg-slate-50 px-3 text-sm"
          data-testid="share-url"
        />
      </label>
      {hydrated ? (
        <div className="flex flex-wrap gap-2">
          <Button type="button" onClick={copy} aria-live="polite" data-testid="copy-link">
            {copied ? "Copied" : "Copy"}
          </Button>
          {canShare ? (
            <Button type="button" variant="secondary" onClick={share}>
              Share
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
