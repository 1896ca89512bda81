// A dashboard card's list item, sent as the markup drawn the first time for the same item, time
// zone and page (docs/decisions/406-kept-dashboard-cards.md): a card is a function of its item, so
// the server keeps its markup instead of drawing its 40-odd elements on every request. In the
// browser the card renders and hydrates as usual.
import { TimeZoneScope } from "~/components/time/TimeZone";
import { StaticMarkup } from "~/components/ui/StaticMarkup";
import type { ContentItem } from "~/models/content/content-feed";
import { storyBadgeState } from "./CardParts";

/**
 * A story still being made shows its storyboard and progress, which change every few seconds and
 * write texts side by side (kept markup would not hydrate): that card is drawn each time.
 */
export function keepsMarkup(item: ContentItem): boolean {
  return !(item.kind === "story" && item.storyboard && storyBadgeState(item) === "processing");
}

/** The kept markup's key: everything the card is drawn from. */
export function keptCardKey(item: ContentItem, zone: string, returnTo: string): string {
  return `card\u0000${zone}\u0000${returnTo}\u0000${JSON.stringify(item)}`;
}

export function KeptCard({ item, zone, returnTo, children }: { item: ContentItem; zone: string; returnTo: string; children: React.ReactElement }) {
  if (!keepsMarkup(item)) return <li className="flex">{children}</li>;
  return (
    <StaticMarkup as="li" className="flex" cacheKey={keptCardKey(item, zone, returnTo)} scope={(node) => <TimeZoneScope zone={zone}>{node}</TimeZoneScope>}>
      {children}
    </StaticMarkup>
  );
}
