// The viewer's time zone for every date on the page (ADR 267). The root loader reads the `tz`
// cookie (UTC without it) and the first client render uses that same zone, so the server's HTML
// and the hydrated page match. After hydration the browser's own zone is remembered in the
// cookie and, if it differs (a first visit), the dates re-render in it at once.
import { createContext, useContext, useEffect, useState } from "react";
import { formatInZone, FALLBACK_TIME_ZONE, isValidTimeZone, timeZoneCookie, type DateStyle } from "~/utils/dates";

const TimeZoneContext = createContext<string>(FALLBACK_TIME_ZONE);

function browserTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return isValidTimeZone(zone) ? zone : null;
  } catch {
    return null;
  }
}

export function TimeZoneProvider({ zone, children }: { zone: string; children: React.ReactNode }) {
  const [current, setCurrent] = useState(zone);
  useEffect(() => {
    const browser = browserTimeZone();
    if (!browser) return;
    if (browser !== zone) document.cookie = timeZoneCookie(browser);
    setCurrent(browser);
  }, [zone]);
  return <TimeZoneContext.Provider value={current}>{children}</TimeZoneContext.Provider>;
}

/** The zone for a subtree drawn apart from the page (StaticMarkup's `scope`): the page's own zone, given again. */
export function TimeZoneScope({ zone, children }: { zone: string; children: React.ReactNode }) {
  return <TimeZoneContext.Provider value={zone}>{children}</TimeZoneContext.Provider>;
}

/** The zone dates are shown in: the viewer's, or UTC. */
export function useTimeZone(): string {
  return useContext(TimeZoneContext);
}

/** A moment, formatted by the one rule: "Nov 05, 2026, 3:04 PM UTC"; "—" when missing. */
export function Time({ value, format = "datetime", className }: { value: string | Date | null | undefined; format?: DateStyle; className?: string }) {
  const zone = useTimeZone();
  const text = formatInZone(value ?? null, zone, format);
  if (text === "—" || value == null) return <span className={className}>—</span>;
  const iso = value instanceof Date ? value.toISOString() : value;
  return (
    <time dateTime={iso} className={className}>
      {text}
    </time>
  );
}
