// A long project's page shows its first scene cards and a link to all of them that keeps the
// page's other view settings (ADR 396); a short one shows every card and no link.
import { describe, expect, it } from "vitest";
import type { PageProject, PageScene } from "~/components/video-projects/page-data";
import { ProjectManager } from "~/components/video-projects/ProjectManager";
import { renderInRouter } from "../support/render-in-router";

const scene = (i: number): PageScene => ({
  id: `s${i}`,
  title: `Scene ${i}`,
  description: null,
  status: "draft",
  errorMessage: null,
  hasImage: false,
  hasVideo: false,
  material: null,
  costLabel: "7",
  blocked: null,
});

const project = (shown: number, total: number): PageProject => ({
  project: { id: "p1", userId: "u1", title: "Serum", description: null, status: "draft", finalVideoUrl: null, mainProductImageUrl: null },
  scenes: Array.from({ length: shown }, (_, i) => scene(i + 1)),
  sceneCount: total,
  media: [],
  compile: {
    costLabel: "5",
    blocked: null,
    job: null,
    captions: { style: "bold-pop", size: "large", position: "lower" } as PageProject["compile"]["captions"],
  },
  planner: { label: "Local planner", local: true },
  automation: { cost: 10, costLabel: "10", progress: null } as unknown as PageProject["automation"],
  balance: 100,
});

/** The panel as a page at `url` renders it (its forms need a data router). */
async function render(open: PageProject, url: string): Promise<string> {
  return renderInRouter(<ProjectManager open={open} />, { path: "/video-projects/:projectId", url });
}

describe("the project's scene cards", () => {
  it("shows the first cards of a long project, how many of how many, and a link to all that keeps the page's view", async () => {
    const html = await render(project(12, 50), "/video-projects/p1?canvas=hidden");
    expect(html.match(/data-testid="scene-card"/g)).toHaveLength(12);
    expect(html).toContain("Showing 12 of 50 scenes.");
    expect(html).toMatch(/<a [^>]*href="\/video-projects\/p1\?canvas=hidden&amp;scenes=all"[^>]*>Show all 50 scenes<\/a>/);
  });

  it("shows every card of a project shown whole, and no link", async () => {
    const html = await render(project(50, 50), "/video-projects/p1?scenes=all");
    expect(html.match(/data-testid="scene-card"/g)).toHaveLength(50);
    expect(html).not.toContain("Show all");
    const short = await render(project(3, 3), "/video-projects/p1");
    expect(short.match(/data-testid="scene-card"/g)).toHaveLength(3);
    expect(short).not.toContain("Showing");
  });
});
