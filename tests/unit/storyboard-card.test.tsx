// The Dashboard card of a run in progress (ADR 355): its storyboard (a still per beat, cropped by
// the beat's framing, with its caption; the voice-over lines), one progressbar with the time left
// for screen readers, the steps, and the link to the story page; without a storyboard, the old
// Processing placeholder; when Ready, the video and no storyboard.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { StoryCard } from "~/components/dashboard/StoryCard";
import type { StoryItem } from "~/models/content/content-feed";
import { FIRST_RUN_SPEED, runProgress } from "~/models/stories/eta";
import { buildStoryboard, type StoryboardView } from "~/models/stories/storyboard";

vi.mock("~/components/dashboard/VisibilityToggle", () => ({ VisibilityToggle: () => null }));

const board = buildStoryboard({
  aspectRatio: "9:16",
  style: null,
  productRef: "/resources/files/product-photos/u/p.png",
  scenes: [
    { title: "Meet", voiceOver: "Meet Juniper, the bottle that keeps tea hot.", durationSec: 4, mediaRef: null },
    { title: "Try", voiceOver: "Get Juniper today!", durationSec: 3, mediaRef: null },
  ],
});
const view: StoryboardView = { ...board, scenes: board.scenes.map((s) => ({ ...s, pictureUrl: s.material.ref, pictureSource: s.material.kind })) };

const base: StoryItem = {
  kind: "story",
  id: 9,
  source: "Meet Juniper.",
  status: "processing",
  progressStep: "Generating scene 1 of 2: image",
  errorMessage: null,
  videoUrl: null,
  posterUrl: null,
  productImageUrl: null,
  seoTitle: null,
  hashtags: [],
  isPublic: false,
  storyTypeName: null,
  createdAt: "2026-11-26T10:00:00.000Z",
};

const now = Date.parse("2026-11-26T10:00:10.000Z");
const progress = runProgress(
  { plannedAt: "2026-11-26T10:00:01.000Z", videoSec: board.totalSec, scenes: 2 },
  { planned: true, scenes: 2, voicesDone: 1, picturesDone: 0, renderPercent: null, ready: false },
  FIRST_RUN_SPEED,
  now,
);

describe("the card of a run in progress", () => {
  it("shows a still per beat, the voice-over lines, one progressbar with the time left, and the story page link", () => {
    const html = renderToStaticMarkup(<StoryCard story={{ ...base, storyboard: view, progress }} returnTo="/" />);
    const beats = board.scenes.reduce((n, s) => n + s.beats.length, 0);
    expect(html.match(/<figure/g)).toHaveLength(beats);
    expect(html.match(/<img /g)).toHaveLength(beats);
    // Each still is cropped by its beat's framing.
    for (const zoom of new Set(board.scenes.flatMap((s) => s.beats.map((b) => b.zoom)))) expect(html).toContain(`transform:scale(${zoom})`);
    expect(html).toContain("Meet Juniper, the bottle that keeps tea hot.");
    expect(html.match(/role="progressbar"/g)).toHaveLength(1);
    expect(html).toMatch(/aria-valuetext="\d+% done, (about|less than) /);
    expect(html).toContain("first estimate");
    expect(html).toContain('<span class="font-medium">Voice</span>: 1 of 2 scenes');
    expect(html).toContain('href="/stories/9"');
  });

  it("keeps the Processing placeholder before the plan, and shows the video, not the storyboard, when Ready", () => {
    const before = renderToStaticMarkup(<StoryCard story={base} returnTo="/" />);
    expect(before).not.toContain("progressbar");
    expect(before).toContain("Generating scene 1 of 2: image");
    const ready = renderToStaticMarkup(
      <StoryCard story={{ ...base, status: "ready", videoUrl: "/resources/files/renders/p/v.mp4", storyboard: view, progress: null }} returnTo="/" />,
    );
    expect(ready).toContain("<video");
    expect(ready).not.toContain("<figure");
  });
});
