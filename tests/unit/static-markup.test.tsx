// StaticMarkup (ADR 405): the server sends a subtree as the markup it drew the first time for its
// key, and that markup must be exactly what React draws for it in a streamed render, or the
// browser's hydration would not match. Checked for the shell's navigation in every layout.
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ImageCard } from "~/components/dashboard/ImageCard";
import { KeptCard, keepsMarkup } from "~/components/dashboard/KeptCard";
import { StoryCard } from "~/components/dashboard/StoryCard";
import { VideoCard } from "~/components/dashboard/VideoCard";
import { LandingPage } from "~/components/landing/LandingPage";
import { TimeZoneProvider } from "~/components/time/TimeZone";
import { BottomNav } from "~/components/shell/BottomNav";
import { Sidebar } from "~/components/shell/Sidebar";
import { SidebarProvider } from "~/components/shell/SidebarContext";
import { keptMarkupSize, MAX_KEPT_CHARS, setStaticMarkupRenderer, StaticMarkup } from "~/components/ui/StaticMarkup";
import type { ContentItem, StoryItem } from "~/models/content/content-feed";
import { FIRST_RUN_SPEED, runProgress } from "~/models/stories/eta";
import { buildStoryboard } from "~/models/stories/storyboard";
import { NO_MODELS } from "~/providers/model-use";
import { ProjectManager } from "~/components/video-projects/ProjectManager";
import { CompilePanel } from "~/components/video-projects/CompilePanel";
import { CanvasPanelBeforeHydration, LiveProjectCanvas, ProjectCanvas } from "~/components/project-canvas/ProjectCanvas";
import type { PageMedia, PageProject, PageScene } from "~/components/video-projects/page-data";

/** As the page at `url` is drawn on the server (renderToString separates texts as the stream does). */
async function pageHtml(element: React.ReactElement, url: string): Promise<string> {
  const handler = createStaticHandler([{ path: "*", element }]);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />);
}

/**
 * Each case drawn element by element, then twice with kept markup (the first request of a key draws
 * and keeps it, the second sends what was kept): the HTML must be the same. Returns the drawn HTML.
 */
async function expectKeptAsDrawn<C>(cases: C[], element: (c: C) => React.ReactElement, urlOf: (c: C) => string): Promise<string[]> {
  setStaticMarkupRenderer(null);
  const drawn = await Promise.all(cases.map((c) => pageHtml(element(c), urlOf(c))));
  setStaticMarkupRenderer(renderToStaticMarkup);
  for (let round = 0; round < 2; round++) {
    const kept = await Promise.all(cases.map((c) => pageHtml(element(c), urlOf(c))));
    kept.forEach((html, i) => expect(html, JSON.stringify(cases[i])).toBe(drawn[i]));
  }
  return drawn;
}

afterEach(() => setStaticMarkupRenderer(null));

describe("StaticMarkup", () => {
  it("draws its children where no renderer is set (the browser), and the kept markup on the server", () => {
    const tree = (label: string) => (
      <StaticMarkup cacheKey="k" className="box">
        <a href="/x">{label}</a>
      </StaticMarkup>
    );
    expect(renderToString(tree("One"))).toBe('<div class="box"><a href="/x">One</a></div>');
    const render = vi.fn(renderToStaticMarkup);
    setStaticMarkupRenderer(render);
    expect(renderToString(tree("One"))).toBe('<div class="box"><a href="/x">One</a></div>');
    // The same key is sent as drawn the first time, without drawing it again.
    expect(renderToString(tree("One"))).toBe('<div class="box"><a href="/x">One</a></div>');
    expect(render).toHaveBeenCalledTimes(1);
  });

  it("keeps at most MAX_KEPT_CHARS characters, keys included, dropping the least recently sent first", () => {
    const render = vi.fn(renderToStaticMarkup);
    setStaticMarkupRenderer(render);
    const tree = (key: string) => (
      <StaticMarkup cacheKey={key}>
        <p>{key.slice(0, 10)}</p>
      </StaticMarkup>
    );
    const long = (i: number) => `${String(i).padStart(8, "0")}${"x".repeat(10_000)}`;
    renderToString(tree("hot"));
    const keys = Math.ceil(MAX_KEPT_CHARS / 10_000) + 50;
    for (let i = 0; i < keys; i++) {
      renderToString(tree(long(i)));
      if (i % 100 === 0) renderToString(tree("hot")); // sent often: never the least recently sent
    }
    const { chars, keys: kept } = keptMarkupSize();
    expect(chars).toBeLessThanOrEqual(MAX_KEPT_CHARS);
    expect(kept).toBeLessThan(keys);
    const drawnBefore = render.mock.calls.length;
    renderToString(tree("hot"));
    renderToString(tree(long(keys - 1)));
    expect(render.mock.calls.length).toBe(drawnBefore); // both still kept
    renderToString(tree(long(0)));
    expect(render.mock.calls.length).toBe(drawnBefore + 1); // the oldest was dropped: drawn again
  });

  it("the sidebar's navigation is the same markup kept or drawn, for every role, page, layout and badge", async () => {
    const cases: { isAdmin: boolean; open: boolean; unread: number; url: string }[] = [];
    for (const isAdmin of [false, true])
      for (const open of [true, false])
        for (const unread of [0, 3, 120])
          for (const url of ["/", "/canvas/abc", "/admin/orders", "/about", "/no-such-page"]) cases.push({ isAdmin, open, unread, url });
    const sidebar = (c: (typeof cases)[number]) => (
      <SidebarProvider defaultOpen={c.open}>
        <Sidebar user={{ label: "ann@example.com", credits: 40, isAdmin: c.isAdmin, avatarUrl: null }} unread={c.unread} onCloseMobile={() => {}} />
      </SidebarProvider>
    );
    const drawn = await expectKeptAsDrawn(cases, sidebar, (c) => c.url);
    // The bottom bar (phones) likewise.
    const bars = [0, 3].flatMap((unread) => ["/", "/create-video", "/plans", "/about"].map((url) => ({ unread, url })));
    await expectKeptAsDrawn(
      bars,
      (b) => <BottomNav unread={b.unread} />,
      (b) => b.url,
    );
    // The current page is marked in the kept markup too.
    expect(drawn[cases.findIndex((c) => c.isAdmin && c.open && c.url === "/admin/orders")]).toMatch(/<a href="\/admin"[^>]*aria-current="page"/);
  });

  it("the landing page is the same markup kept or drawn, with and without AI models, with and without examples", async () => {
    const showcase = [{ id: "1", title: "Bottle", description: "Cold all day", category: "Drinks", videoUrl: "/v.mp4", thumbnailUrl: null }];
    const cases = [
      { models: NO_MODELS, showcase: [] },
      { models: { ...NO_MODELS, voice: true, image: true }, showcase },
      { models: { planning: true, voice: true, image: true, motion: true, music: true }, showcase: [] },
    ];
    const page = (c: (typeof cases)[number]) => <LandingPage models={c.models} showcase={c.showcase} />;
    const drawn = await expectKeptAsDrawn(cases, page, () => "/");
    expect(drawn[2]).toContain("AI UGC video ads");
    expect(drawn[0]).not.toContain("AI UGC video ads");
  });

  it("a dashboard card is the same markup kept or drawn, for every kind and state, time zone and page", async () => {
    const story: StoryItem = {
      kind: "story",
      id: 7,
      source: "Tired of soggy salads? Meet CrispJar.",
      status: "ready",
      progressStep: null,
      errorMessage: null,
      videoUrl: "/resources/files/renders/p1/v.mp4",
      posterUrl: "/resources/files/renders/p1/p.jpg",
      productImageUrl: null,
      seoTitle: "CrispJar Salad Jar",
      hashtags: ["CrispJar", "#lunch"],
      isPublic: true,
      storyTypeName: "Product demo",
      createdAt: "2026-11-24T23:30:00.000Z",
    };
    const board = buildStoryboard({
      aspectRatio: "9:16",
      style: null,
      productRef: null,
      scenes: [{ title: "Meet", voiceOver: "Meet CrispJar.", durationSec: 4, mediaRef: null }],
    });
    const storyboard = { ...board, scenes: board.scenes.map((s) => ({ ...s, pictureUrl: s.material.ref, pictureSource: s.material.kind })) };
    const progress = runProgress(
      { plannedAt: "2026-11-24T23:30:01.000Z", videoSec: board.totalSec, scenes: 1 },
      { planned: true, scenes: 1, voicesDone: 1, picturesDone: 0, renderPercent: null, ready: false },
      FIRST_RUN_SPEED,
      Date.parse("2026-11-24T23:30:09.000Z"),
    );
    const job = { prompt: "A jar on a table", seoTitle: "Jar", errorMessage: null, createdAt: "2026-11-25T08:00:00.000Z" };
    const items: ContentItem[] = [
      {
        ...story,
        variants: [
          { ...story, id: 8, aspectRatio: "1:1" },
          { ...story, id: 9, status: "failed", videoUrl: null, errorMessage: "No voice" },
        ],
      },
      { ...story, id: 10, seoTitle: null, hashtags: [], isPublic: false, posterUrl: null },
      { ...story, id: 11, status: "processing", videoUrl: null, posterUrl: null, progressStep: "Generating scene 1 of 2: image" },
      { ...story, id: 12, status: "queued", videoUrl: null, posterUrl: null },
      { ...story, id: 13, status: "failed", videoUrl: null, posterUrl: null, errorMessage: "The render failed" },
      { ...story, id: 14, status: "processing", videoUrl: null, posterUrl: null, storyboard, progress },
      { kind: "image", id: "i1", status: "completed", visibility: "public", resultUrl: "/resources/files/i1.png", ...job },
      { kind: "image", id: "i2", status: "in_queue", visibility: "private", resultUrl: null, ...job, seoTitle: null },
      { kind: "image", id: "i3", status: "failed", visibility: "private", resultUrl: null, ...job, errorMessage: "Refused" },
      { kind: "video", id: "v1", status: "completed", visibility: "private", resultUrl: "/resources/files/v1.mp4", sceneDescription: "A slow push-in", ...job },
      { kind: "video", id: "v2", status: "in_progress", visibility: "public", resultUrl: null, sceneDescription: null, ...job },
      { kind: "video", id: "v3", status: "failed", visibility: "private", resultUrl: null, sceneDescription: null, ...job, errorMessage: null },
    ];
    // The storyboard's run is drawn each time (its texts change every few seconds); every other card is kept.
    expect(items.filter((i) => !keepsMarkup(i)).map((i) => i.id)).toEqual([14]);
    const card = (item: ContentItem, returnTo: string) =>
      item.kind === "story" ? (
        <StoryCard story={item} returnTo={returnTo} />
      ) : item.kind === "image" ? (
        <ImageCard image={item} returnTo={returnTo} />
      ) : (
        <VideoCard video={item} returnTo={returnTo} />
      );
    const cases = ["UTC", "Asia/Tokyo"].flatMap((zone) => ["/", "/?tab=all&q=jar"].map((returnTo) => ({ zone, returnTo })));
    const list = (c: (typeof cases)[number]) => (
      <TimeZoneProvider zone={c.zone}>
        <ul>
          {items.map((item) => (
            <KeptCard key={`${item.kind}-${item.id}`} item={item} zone={c.zone} returnTo={c.returnTo}>
              {card(item, c.returnTo)}
            </KeptCard>
          ))}
        </ul>
      </TimeZoneProvider>
    );
    const drawn = await expectKeptAsDrawn(cases, list, (c) => c.returnTo);
    // Each case keeps its own zone's dates and its own page to come back to.
    expect(drawn[0]).toContain("Nov 24, 2026, 11:30 PM UTC");
    expect(drawn[2]).toContain('dateTime="2026-11-24T23:30:00.000Z">Nov 25, 2026, 8:30 AM');
    expect(drawn[1]).toContain('name="redirectTo" value="/?tab=all&amp;q=jar"');
    expect(drawn[0]).toMatch(/<form method="post" action="\/\?index" class="inline-flex">/);
  });

  it("the editor's scene cards are the same markup kept or drawn, for every state, with and without photos and clips, on any page", async () => {
    const scene = (over: Partial<PageScene>): PageScene => ({
      id: "s1",
      title: "Opening",
      description: null,
      status: "draft",
      errorMessage: null,
      hasImage: false,
      hasVideo: false,
      material: null,
      costLabel: "2.5",
      blocked: null,
      ...over,
    });
    const scenes = [
      scene({}),
      scene({ id: "s2", title: "", description: "A calm <b>morning</b> & coffee", status: "in_progress" }),
      scene({ id: "s3", status: "completed", hasImage: true, hasVideo: true, material: { url: "/files/a.jpg", kind: "photo" } }),
      scene({ id: "s4", status: "failed", errorMessage: "The voice could not be made", material: { url: "/files/old.mp4", kind: "clip" } }),
    ];
    const media: PageMedia[] = [
      { id: "m1", url: "/files/a.jpg", name: 'Bottle "front"', kind: "photo" },
      { id: "m2", url: "/files/b.mp4", name: "Pour", kind: "clip" },
    ];
    const open = (withMedia: boolean): PageProject => ({
      project: {
        id: "p1",
        userId: "u1",
        title: "Spring",
        description: null,
        status: "draft",
        finalVideoUrl: null,
        // The product image's form and its Remove button differ with an image.
        mainProductImageUrl: withMedia ? "project-images/u1/p1/main.png" : null,
      },
      scenes,
      sceneCount: 20,
      media: withMedia ? media : [],
      compile: { costLabel: "10", blocked: null, job: null, captions: { style: null, size: null, position: null } },
      planner: { label: "Local planner", local: true },
      automation: { costLabel: "5", progress: null },
      balance: 100,
    });
    const cases = [true, false].flatMap((withMedia) =>
      ["/video-projects/p1", "/video-projects/p1?canvas=hidden&history=open"].map((url) => ({ withMedia, url })),
    );
    const drawn = await expectKeptAsDrawn(
      cases,
      (c) => <ProjectManager open={open(c.withMedia)} />,
      (c) => c.url,
    );
    // The kept cards post to the page with its query, as its other forms do.
    const actions = (html: string) => [...html.matchAll(/<form method="post" action="([^"]*)"/g)].map((m) => m[1].replaceAll("&amp;", "&"));
    // (The test's route matches every path, so its action is "/"; Remix's own forms on the page say the same.)
    expect(actions(drawn[1]).length).toBeGreaterThan(4 * 4);
    expect(new Set(actions(drawn[1]))).toEqual(new Set(["/?canvas=hidden&history=open"]));
    expect(drawn[0]).toContain("Photo: Bottle &quot;front&quot;");
    expect(drawn[2]).not.toContain("Photo: Bottle");
    expect(drawn[0].match(/data-testid="scene-card"/g)).toHaveLength(4);
    // The forms above the cards are kept too (ADR 409): the product image's input has its own id, not one of React's.
    expect(drawn[0]).toContain('<label for="product-image-file"');
    expect(drawn[0]).toContain("Remove product image");
    expect(drawn[2]).not.toContain("Remove product image");
    expect(drawn[0]).toContain("1 of 8 photos, 1 of 4 clips.");
    expect(drawn[0]).toContain("Cost: 5 credits (image, script, voice-over and video)");
    // A card that shows a post's answer (no JavaScript) is drawn, not kept: its key would not hold the answer.
    setStaticMarkupRenderer(renderToStaticMarkup);
    const before = keptMarkupSize().keys;
    const answered = await pageHtml(
      <ProjectManager open={open(true)} actionData={{ ok: false, intent: "generate-assets", sceneId: "s1", error: "Not enough credits" }} />,
      "/video-projects/p1",
    );
    expect(answered).toContain("Not enough credits");
    expect(keptMarkupSize().keys).toBe(before);
  });

  it("the editor's project canvas panel is the same markup kept or drawn, and the same as the live panel's first render", async () => {
    const cases = [
      { projectId: "p1", side: true },
      { projectId: "p1", side: false },
      { projectId: null, side: false },
    ];
    const panel = (c: (typeof cases)[number]) => <ProjectCanvas projectId={c.projectId} sidePanel={c.side ? <p>Chat</p> : undefined} />;
    const drawn = await expectKeptAsDrawn(cases, panel, () => "/video-projects/p1");
    expect(drawn[0]).toContain("Loading");
    // After hydration the live panel (React Flow, the diagram's data loading) takes its place with the same markup.
    for (const c of cases) {
      const before = renderToString(<CanvasPanelBeforeHydration projectId={c.projectId} hasSidePanel={c.side} />);
      const live = renderToString(<LiveProjectCanvas projectId={c.projectId} sidePanel={c.side ? <p>Chat</p> : undefined} />);
      expect(live, JSON.stringify(c)).toBe(before);
    }
  });

  it("the compile panel's caption choice is the same markup kept or drawn, for each pick", async () => {
    const picks = [
      { style: null, size: null, position: null },
      { style: "boxed", size: "large", position: "lower" },
      { style: "karaoke", size: null, position: "upper" },
    ] as const;
    const panel = (captions: (typeof picks)[number]) => (
      <CompilePanel
        open={{ project: { finalVideoUrl: null, title: "Spring", status: "draft" }, sceneCount: 3, compile: { costLabel: "12.8", job: null, captions } }}
        storyboardHref="/projects/p1/storyboard"
      />
    );
    const drawn = await expectKeptAsDrawn([...picks], panel, () => "/video-projects/p1");
    expect(drawn[1]).toMatch(/checked="" value="boxed"/);
    expect(drawn[0]).not.toMatch(/checked="" value="boxed"/);
  });
});
