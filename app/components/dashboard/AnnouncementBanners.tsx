// Announcement banners at the top of the Dashboard (docs/product.md#announcements). Dismissing one
// hides it for the session: with JavaScript it is kept in sessionStorage (and told to the server,
// so the next page load does not show it either); without JavaScript the form stores it in the
// server session (ADR 083).
import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { cx } from "~/components/ui/cx";
import { useHydrated } from "./useHydrated";
import { DASHBOARD_ACTION } from "./VisibilityToggle";

export type AnnouncementView = {
  id: string;
  title: string;
  content: string;
  type: "info" | "warning" | "success" | "error";
};

export const DISMISSED_STORAGE_KEY = "reelforge:dismissed-announcements";

function readDismissed(): string[] {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(DISMISSED_STORAGE_KEY) ?? "[]") as unknown;
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

function writeDismissed(ids: string[]) {
  try {
    sessionStorage.setItem(DISMISSED_STORAGE_KEY, JSON.stringify(ids.slice(-50)));
  } catch {
    // storage full or blocked: the server session still remembers
  }
}

const STYLES: Record<AnnouncementView["type"], { box: string; icon: string; path: string }> = {
  info: { box: "border-sky-200 bg-sky-50 text-sky-900", icon: "text-sky-600", path: "M12 11v5M12 8h.01" },
  warning: { box: "border-amber-200 bg-amber-50 text-amber-900", icon: "text-amber-600", path: "M12 8v5M12 16h.01" },
  success: { box: "border-emerald-200 bg-emerald-50 text-emerald-900", icon: "text-emerald-600", path: "m8 12 3 3 5-6" },
  error: { box: "border-red-200 bg-red-50 text-red-900", icon: "text-red-600", path: "M15 9l-6 6M9 9l6 6" },
};

export function AnnouncementBanners({ announcements }: { announcements: AnnouncementView[] }) {
  const hydrated = useHydrated();
  const location = useLocation();
  const fetcher = useFetcher();
  const [dismissed, setDismissed] = useState<string[]>([]);
  useEffect(() => setDismissed(readDismissed()), []);

  const visible = announcements.filter((a) => !dismissed.includes(a.id));
  if (visible.length === 0) return null;

  function dismiss(event: React.FormEvent<HTMLFormElement>, id: string) {
    event.preventDefault();
    const next = [...readDismissed().filter((v) => v !== id), id];
    writeDismissed(next);
    setDismissed(next);
    fetcher.submit({ intent: "dismiss-announcement", id }, { method: "post", action: DASHBOARD_ACTION });
  }

  return (
    <div role="region" aria-label="Announcements" className="space-y-3">
      {visible.map((a) => {
        const style = STYLES[a.type];
        return (
          <section key={a.id} aria-labelledby={`announcement-${a.id}`} className={cx("flex items-start gap-3 rounded-xl border p-4", style.box)}>
            <svg
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              strokeLinecap="round"
              className={cx("mt-0.5 size-5 shrink-0", style.icon)}
              aria-hidden="true"
            >
              <circle cx="12" cy="12" r="9" />
              <path d={style.path} />
            </svg>
            <div className="min-w-0 flex-1">
              <h2 id={`announcement-${a.id}`} className="font-semibold">
                {a.title}
              </h2>
              <p className="mt-0.5 text-sm break-words whitespace-pre-line">{a.content}</p>
            </div>
            <form method="post" action={DASHBOARD_ACTION} onSubmit={(event) => dismiss(event, a.id)}>
              <input type="hidden" name="intent" value="dismiss-announcement" />
              <input type="hidden" name="id" value={a.id} />
              {hydrated ? null : <input type="hidden" name="redirectTo" value={location.pathname + location.search} />}
              <button type="submit" className="-m-1 flex size-8 items-center justify-center rounded-md hover:bg-black/5">
                <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" className="size-4" aria-hidden="true">
                  <path d="M6 6l12 12M18 6 6 18" />
                </svg>
                <span className="sr-only">Dismiss announcement: {a.title}</span>
              </button>
            </form>
          </section>
        );
      })}
    </div>
  );
}
