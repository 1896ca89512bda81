// A one-time message carried across a redirect (app/utils/flash.server.ts), e.g. "Success: Your
// video has been created successfully" after creating a video without JavaScript.
import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { cx } from "~/components/ui/cx";
import { Icon } from "~/components/ui/Icon";

import type { Flash } from "~/utils/flash";

export type { Flash };

export function FlashBanner({ flash: fresh }: { flash: Flash | null }) {
  const { key } = useLocation();
  const [hidden, setHidden] = useState<Flash | null>(null);
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  // The message stays until the user leaves the page or dismisses it: a live update reloads the
  // shell's data, which finds the message spent, and the banner must not vanish under the
  // user's pointer (the page below it moved up by its height).
  const [kept, setKept] = useState<{ key: string; flash: Flash } | null>(null);
  useEffect(() => {
    if (fresh) setKept({ key, flash: fresh });
  }, [fresh, key]);
  const flash = fresh ?? (kept?.key === key ? kept.flash : null);
  if (!flash || hidden === flash) return null;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-4 sm:px-6">
      <div
        role={flash.kind === "error" ? "alert" : "status"}
        data-testid="flash-message"
        className={cx(
          "flex items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-sm",
          flash.kind === "success" && "border-green-200 bg-green-50 text-green-900",
          flash.kind === "error" && "border-red-200 bg-red-50 text-red-900",
          flash.kind === "info" && "border-brand-100 bg-brand-50 text-slate-900",
        )}
      >
        <Icon name={flash.kind === "success" ? "check" : "info"} className="mt-0.5 size-4" />
        <p className="min-w-0 flex-1">
          <span className="font-semibold">{flash.title}</span>
          {flash.description ? <>: {flash.description}</> : null}
        </p>
        {interactive ? (
          <button type="button" onClick={() => setHidden(flash)} aria-label="Dismiss message" className="-m-1 rounded-md p-1 opacity-70 hover:opacity-100">
            <Icon name="close" className="size-4" />
          </button>
        ) : null}
      </div>
    </div>
  );
}
