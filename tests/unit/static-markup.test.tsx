// StaticMarkup (ADR 405): the server sends a subtree as the markup it drew the first time for its
// key, and that markup must be exactly what React draws for it in a streamed render, or the
// browser's hydration would not match. Checked for the shell's navigation in every layout.
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LandingPage } from "~/components/landing/LandingPage";
import { BottomNav } from "~/components/shell/BottomNav";
import { Sidebar } from "~/components/shell/Sidebar";
import { SidebarProvider } from "~/components/shell/SidebarContext";
import { setStaticMarkupRenderer, StaticMarkup } from "~/components/ui/StaticMarkup";
import { NO_MODELS } from "~/providers/model-use";

/** As the page at `url` is drawn on the server (renderToString separates texts as the stream does). */
async function pageHtml(element: React.ReactElement, url: string): Promise<string> {
  const handler = createStaticHandler([{ path: "*", element }]);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />);
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
    const drawn = await Promise.all(cases.map((c) => pageHtml(sidebar(c), c.url)));
    setStaticMarkupRenderer(renderToStaticMarkup);
    // Twice: the first request of a key draws and keeps it, the second sends what was kept.
    for (let round = 0; round < 2; round++) {
      const kept = await Promise.all(cases.map((c) => pageHtml(sidebar(c), c.url)));
      kept.forEach((html, i) => expect(html, JSON.stringify(cases[i])).toBe(drawn[i]));
    }
    // The bottom bar (phones) likewise.
    const bars = [0, 3].flatMap((unread) => ["/", "/create-video", "/plans", "/about"].map((url) => ({ unread, url })));
    setStaticMarkupRenderer(null);
    const barsDrawn = await Promise.all(bars.map((b) => pageHtml(<BottomNav unread={b.unread} />, b.url)));
    setStaticMarkupRenderer(renderToStaticMarkup);
    for (let round = 0; round < 2; round++) {
      const kept = await Promise.all(bars.map((b) => pageHtml(<BottomNav unread={b.unread} />, b.url)));
      kept.forEach((html, i) => expect(html, JSON.stringify(bars[i])).toBe(barsDrawn[i]));
    }
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
    const drawn = await Promise.all(cases.map((c) => pageHtml(page(c), "/")));
    setStaticMarkupRenderer(renderToStaticMarkup);
    for (let round = 0; round < 2; round++) {
      const kept = await Promise.all(cases.map((c) => pageHtml(page(c), "/")));
      kept.forEach((html, i) => expect(html, `case ${i}`).toBe(drawn[i]));
    }
    expect(drawn[2]).toContain("AI UGC video ads");
    expect(drawn[0]).not.toContain("AI UGC video ads");
  });
});
