// One time-zone rule and one formatting module for every date the product shows (issue 20
// finding 12 and Deliver 6; ADR 267). A date is shown in the viewer's time zone: the browser's,
// remembered in the `tz` cookie (set on the first hydration), so the server renders exactly what
// the browser will; without it (the first page of a first visit, no JavaScript, e-mail-less
// server texts) UTC, and every date with a time names its zone ("… UTC"). Pure: the server, the
// browser and the core use it alike.
import { TZDate } from "@date-fns/tz";
import { keepAtMost } from "~/utils/bounded-map";

export const TIME_ZONE_COOKIE = "tz";
export const FALLBACK_TIME_ZONE = "UTC";
/** One year: the zone changes only when the user travels, and the next hydration corrects it. */
export const TIME_ZONE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

// Zones already checked (bounded: the names come from requests).
const checkedZones = new Map<string, boolean>();

/** An IANA zone name Intl knows ("Asia/Kolkata", "UTC"); anything else is not a zone. */
export function isValidTimeZone(tz: string | null | undefined): tz is string {
  if (!tz || tz.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(tz)) return false;
  const known = checkedZones.get(tz);
  if (known !== undefined) return known;
  let ok: boolean;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    ok = true;
  } catch {
    ok = false;
  }
  if (checkedZones.size < 1000) checkedZones.set(tz, ok);
  return ok;
}

/** The zone a Cookie header remembers, else UTC. */
export function timeZoneFromCookie(cookieHeader: string | null | undefined): string {
  const match = /(?:^|;\s*)tz=([^;]*)/.exec(cookieHeader ?? "");
  if (!match) return FALLBACK_TIME_ZONE;
  let value: string;
  try {
    value = decodeURIComponent(match[1]);
  } catch {
    return FALLBACK_TIME_ZONE;
  }
  return isValidTimeZone(value) ? value : FALLBACK_TIME_ZONE;
}

/** The viewer's zone for a request (the `tz` cookie), else UTC. */
export function timeZoneOf(request: Request): string {
  return timeZoneFromCookie(request.headers.get("Cookie"));
}

/** The Set-Cookie text the browser writes with document.cookie (not HttpOnly: the page sets it). */
export function timeZoneCookie(zone: string): string {
  return `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=${TIME_ZONE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

export type DateStyle = "date" | "datetime" | "time";

const OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  // "MMM dd, yyyy" (seed 000: the transaction history's format), used for every calendar day.
  date: { month: "short", day: "2-digit", year: "numeric" },
  datetime: { month: "short", day: "2-digit", year: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" },
  time: { hour: "numeric", minute: "2-digit", second: "2-digit", timeZoneName: "short" },
};

// Made once per zone and style: building an Intl.DateTimeFormat costs far more than using one
// (docs/decisions/238-page-speed.md). Bounded like the zone check.
const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(style: DateStyle, zone: string): Intl.DateTimeFormat {
  const tz = isValidTimeZone(zone) ? zone : FALLBACK_TIME_ZONE;
  const key = `${style}|${tz}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { ...OPTIONS[style], timeZone: tz });
    if (formats.size < 300) formats.set(key, f);
  }
  return f;
}

function toDate(value: Date | string | number): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * A moment as the product shows it in a zone: "Nov 05, 2026" (date), "Nov 05, 2026, 3:04 PM UTC"
 * (datetime, the zone named), "3:04:05 PM UTC" (time). Missing or invalid: "—".
 */
export function formatInZone(value: Date | string | number | null | undefined, zone: string, style: DateStyle = "datetime"): string {
  if (value == null || value === "") return "—";
  const d = toDate(value);
  if (!d) return "—";
  const key = `${style}|${zone}|${d.getTime()}`;
  let text = formatted.get(key);
  if (text === undefined) {
    text = formatter(style, zone).format(d);
    keepAtMost(formatted, key, text, FORMATTED_MAX);
  }
  return text;
}

// A page shows the same moments on every visit (a list's rows, its cards), and Intl's format
// costs about 7 microseconds a call: the recent answers are kept, oldest out first.
const formatted = new Map<string, string>();
const FORMATTED_MAX = 2000;

/** The calendar day of a moment in a zone, "yyyy-MM-dd" (a date input's value or bound). */
export function dayInZone(value: Date, zone: string): string {
  return new Intl.DateTimeFormat("en-CA", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    timeZone: isValidTimeZone(zone) ? zone : FALLBACK_TIME_ZONE,
  }).format(value);
}

/**
 * A wall-clock time typed in a zone ("2026-11-30" = the end of that day, or "2026-11-30T18:00"),
 * as a moment; null when it is not one.
 */
export function wallClockInZone(text: string, zone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(text.trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const endOfDay = m[4] === undefined;
  const hour = endOfDay ? 23 : Number(m[4]);
  const minute = endOfDay ? 59 : Number(m[5]);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const tz = isValidTimeZone(zone) ? zone : FALLBACK_TIME_ZONE;
  const date = new TZDate(year, month - 1, day, hour, minute, endOfDay ? 59 : 0, tz);
  // 31 February rolls over: refuse it rather than move the day.
  if (date.getDate() !== day || date.getMonth() !== month - 1) return null;
  return new Date(date.getTime());
}
