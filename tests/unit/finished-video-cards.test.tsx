// Finished video cards (issue 14 §5): the story card shows the render's poster frame and every
// finished video card has a Download link with the title's slug as file name.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { StoryCard } from "~/components/dashboard/StoryCard";
import { VideoCard } from "~/components/dashboard/VideoCard";
import { ExploreStoryCard } from "~/components/explore/ExploreCards";
import type { StoryItem, VideoItem } from "~/models/content/content-feed";

// The public/private switch needs a Remix router; it is not what these tests look at.
vi.mock("~/components/dashboard/VisibilityToggle", () => ({ VisibilityToggle: () => null }));

const story: StoryItem = {
  kind: "story",
  id: 7,
  source: "Tired of soggy salads? Meet CrispJar.",
  status: "ready",
  progressStep: null,
  errorMessage: null,
  videoUrl: "/resources/files/renders/projects/p1/v.mp4",
  posterUrl: "/resources/files/renders/projects/p1/p.jpg",
  productImageUrl: null,
  seoTitle: "CrispJar Salad Jar: Keeps Dressing Separate",
  hashtags: ["#CrispJar"],
  isPublic: false,
  storyTypeName: null,
  createdAt: "2026-11-24T10:00:00.000Z",
};

const video: VideoItem = {
  kind: "video",
  id: "v1",
  prompt: "A slow push-in on the jar",
  status: "completed",
  visibility: "private",
  resultUrl: "/resources/files/renders/projects/p1/clip.mp4",
  seoTitle: null,
  sceneDescription: null,
  errorMessage: null,
  createdAt: "2026-11-24T10:00:00.000Z",
};

describe("finished video cards", () => {
  it("a ready story shows its poster frame and downloads as <title-slug>.mp4", () => {
    const html = renderToStaticMarkup(<StoryCard story={story} returnTo="/" />);
    expect(html).toContain('poster="/resources/files/renders/projects/p1/p.jpg"');
    expect(html).toContain('href="/resources/files/renders/projects/p1/v.mp4?download=crispjar-salad-jar-keeps-dressing-separate.mp4"');
    expect(html).toContain('download="crispjar-salad-jar-keeps-dressing-separate.mp4"');
    expect(html).toContain(">Download</a>");
  });

  it("a story still processing has no Download; a story without a title downloads as video-<id>.mp4", () => {
    expect(renderToStaticMarkup(<StoryCard story={{ ...story, status: "processing", videoUrl: null, posterUrl: null }} returnTo="/" />)).not.toContain(
      "Download",
    );
    expect(renderToStaticMarkup(<StoryCard story={{ ...story, seoTitle: null }} returnTo="/" />)).toContain('download="video-7.mp4"');
  });

  it("a completed video job has a Download named after its prompt", () => {
    const html = renderToStaticMarkup(<VideoCard video={video} returnTo="/" />);
    expect(html).toContain('download="a-slow-push-in-on-the-jar.mp4"');
    expect(renderToStaticMarkup(<VideoCard video={{ ...video, status: "in_progress", resultUrl: null }} returnTo="/" />)).not.toContain("Download");
  });

  it("an Explore card shows the story's poster frame too", () => {
    const html = renderToStaticMarkup(<ExploreStoryCard story={{ ...story, isPublic: true }} />);
    expect(html).toContain('poster="/resources/files/renders/projects/p1/p.jpg"');
  });

  it("a ready story on the Dashboard offers another size and variants, and groups its variants with their own poster, status and Download", () => {
    const variant: StoryItem = {
      ...story,
      id: 8,
      aspectRatio: "16:9",
      videoUrl: "/resources/files/renders/projects/p2/v.mp4",
      posterUrl: "/resources/files/renders/projects/p2/p.jpg",
    };
    const making: StoryItem = {
      ...story,
      id: 9,
      aspectRatio: "1:1",
      status: "processing",
      progressStep: "Generating scene 1 of 2: image",
      videoUrl: null,
      posterUrl: null,
    };
    const html = renderToStaticMarkup(<StoryCard story={{ ...story, aspectRatio: "9:16", variants: [variant, making] }} returnTo="/" />);
    expect(html).toContain('href="/stories/7/variants#size"');
    expect(html).toContain(">Make another size</a>");
    expect(html).toContain(">Make variants</a>");
    expect(html).toContain("Variants (2)");
    expect(html).toContain('poster="/resources/files/renders/projects/p2/p.jpg"');
    expect(html).toContain('href="/resources/files/renders/projects/p2/v.mp4?download=crispjar-salad-jar-keeps-dressing-separate.mp4"');
    expect(html).toContain("Generating scene 1 of 2: image");
    // Without its variants list (Explore, a variant itself) a card offers neither.
    expect(renderToStaticMarkup(<StoryCard story={story} returnTo="/" />)).not.toContain("Make another size");
  });
});
