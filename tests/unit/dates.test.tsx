// One time-zone rule and one formatter (issue 20 finding 12, Deliver 6; ADR 267): the viewer's
// zone from the `tz` cookie, else UTC named as such; the server's HTML equals the first client
// render because both take the zone from the root loader. Also the script field's ignored input
// is announced (ADR 268).
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Time, TimeZoneProvider } from "~/components/time/TimeZone";
import { scriptInputChange } from "~/models/stories/video-request-rules";
import { dayInZone, formatInZone, isValidTimeZone, timeZoneCookie, timeZoneFromCookie, wallClockInZone } from "~/utils/dates";

const MOMENT = "2026-11-25T20:15:00.000Z";

describe("formatInZone", () => {
  it("shows one moment in the viewer's zone, the zone named; UTC when there is none", () => {
    expect(formatInZone(MOMENT, "UTC")).toBe("Nov 25, 2026, 8:15 PM UTC");
    expect(formatInZone(MOMENT, "Asia/Kolkata")).toBe("Nov 26, 2026, 1:45 AM GMT+5:30");
    expect(formatInZone(MOMENT, "America/New_York")).toBe("Nov 25, 2026, 3:15 PM EST");
    expect(formatInZone(MOMENT, "Asia/Kolkata", "date")).toBe("Nov 26, 2026");
    expect(formatInZone(MOMENT, "UTC", "date")).toBe("Nov 25, 2026");
    expect(formatInZone(MOMENT, "UTC", "time")).toBe("8:15:00 PM UTC");
    // Not a zone: the fallback, named.
    expect(formatInZone(MOMENT, "Mars/Olympus")).toBe("Nov 25, 2026, 8:15 PM UTC");
    expect(formatInZone(null, "UTC")).toBe("—");
    expect(formatInZone("not a date", "UTC")).toBe("—");
  });

  it("gives the same answers when asked again (kept answers), each for its own zone, style and moment", () => {
    const moments = Array.from({ length: 2100 }, (_, i) => new Date(Date.UTC(2026, 10, 25, 20, 15) + i * 60_000));
    for (let round = 0; round < 2; round++) {
      expect(formatInZone(MOMENT, "UTC")).toBe("Nov 25, 2026, 8:15 PM UTC");
      expect(formatInZone(new Date(MOMENT), "Asia/Kolkata")).toBe("Nov 26, 2026, 1:45 AM GMT+5:30");
      expect(formatInZone(Date.parse(MOMENT), "UTC", "time")).toBe("8:15:00 PM UTC");
      expect(formatInZone(MOMENT, "Mars/Olympus", "date")).toBe("Nov 25, 2026");
      // More moments than are kept: the oldest go, and every answer is still its own.
      expect(moments.map((m) => formatInZone(m, "UTC", "time")).slice(-2)).toEqual(["7:13:00 AM UTC", "7:14:00 AM UTC"]);
    }
  });

  it("reads the zone from the cookie the browser writes, and nothing else", () => {
    expect(timeZoneFromCookie(timeZoneCookie("America/Argentina/Buenos_Aires").split(";")[0])).toBe("America/Argentina/Buenos_Aires");
    expect(timeZoneFromCookie("a=1; tz=Asia%2FKolkata; b=2")).toBe("Asia/Kolkata");
    expect(timeZoneFromCookie("tz=Nowhere%2FLand")).toBe("UTC");
    expect(timeZoneFromCookie("tz=%E0%A4")).toBe("UTC");
    expect(timeZoneFromCookie("xtz=Asia%2FKolkata")).toBe("UTC");
    expect(timeZoneFromCookie(null)).toBe("UTC");
    expect(isValidTimeZone("<script>")).toBe(false);
  });

  it("the server render and the client's first render show the same text, from the provider's zone", () => {
    const html = (zone?: string) =>
      renderToStaticMarkup(
        zone ? (
          <TimeZoneProvider zone={zone}>
            <Time value={MOMENT} />
          </TimeZoneProvider>
        ) : (
          <Time value={MOMENT} />
        ),
      );
    expect(html("Asia/Kolkata")).toBe(`<time dateTime="${MOMENT}">Nov 26, 2026, 1:45 AM GMT+5:30</time>`);
    expect(html()).toBe(`<time dateTime="${MOMENT}">Nov 25, 2026, 8:15 PM UTC</time>`);
    expect(renderToStaticMarkup(<Time value={null} />)).toBe("<span>—</span>");
  });
});

describe("wall-clock input in a zone", () => {
  it("a day means the end of that day in the zone; a time is that time there; nonsense is refused", () => {
    expect(wallClockInZone("2030-01-15", "Asia/Kolkata")?.toISOString()).toBe("2030-01-15T18:29:59.000Z");
    expect(wallClockInZone("2030-01-15", "UTC")?.toISOString()).toBe("2030-01-15T23:59:59.000Z");
    expect(wallClockInZone("2030-07-01T09:30", "America/New_York")?.toISOString()).toBe("2030-07-01T13:30:00.000Z");
    expect(wallClockInZone("2030-02-31", "UTC")).toBeNull();
    expect(wallClockInZone("2030-13-01", "UTC")).toBeNull();
    expect(wallClockInZone("tomorrow", "UTC")).toBeNull();
    expect(dayInZone(new Date(MOMENT), "Asia/Kolkata")).toBe("2026-11-26");
    expect(dayInZone(new Date(MOMENT), "UTC")).toBe("2026-11-25");
  });
});

describe("the script field's 350-word limit", () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(" ");
  it("ignores an input that would pass the limit, and says so", () => {
    const pasted = scriptInputChange("short", words(400));
    expect(pasted.value).toBe("short");
    expect(pasted.ignored).toBe("Not added: that would make the script 400 words, over the 350-word limit. Shorten the text and paste or type it again.");
    expect(scriptInputChange("short", words(350))).toEqual({ value: words(350), ignored: null });
  });
});
