// The collapsed desktop sidebar names each icon in a tooltip; the expanded one shows the names
// and carries no tooltips (ADR 399: 13 hidden spans on every signed-in page before). Icons take
// their stroke style from the `.icon` class, not from attributes.
import { describe, expect, it } from "vitest";
import { Sidebar } from "~/components/shell/Sidebar";
import { SidebarProvider } from "~/components/shell/SidebarContext";
import { renderInRouter } from "../support/render-in-router";

const user = { label: "ann@example.com", credits: 40, isAdmin: false, avatarUrl: null };

function render(open: boolean): Promise<string> {
  return renderInRouter(
    <SidebarProvider defaultOpen={open}>
      <Sidebar user={user} unread={2} onCloseMobile={() => {}} />
    </SidebarProvider>,
  );
}

const tooltips = (html: string) =>
  [...html.matchAll(/<span aria-hidden="true" class="pointer-events-none absolute left-full[^"]*">(.*?)<\/span>/g)].map((m) => m[1]);

describe("sidebar tooltips", () => {
  it("are drawn for every item of the collapsed sidebar", async () => {
    const names = tooltips(await render(false));
    expect(names).toContain("Reelforge");
    expect(names).toContain("Explore");
    expect(names).toContain("Dashboard · 2 unread");
    expect(names).toContain("Integrations (Coming soon)");
    expect(names).toContain("Terms of Service");
  });

  it("are left out of the expanded sidebar, whose items show their names", async () => {
    const html = await render(true);
    expect(tooltips(html)).toEqual([]);
    expect(html).toContain(">Explore</span>");
    expect(html).toContain(">Terms of Service</span>");
  });

  it("draw icons with the icon class and no stroke attributes", async () => {
    const html = await render(true);
    expect(html).toMatch(/<svg class="icon" viewBox="0 0 24 24" aria-hidden="true">/);
    expect(html).not.toMatch(/stroke-width="1.8"/);
  });
});
