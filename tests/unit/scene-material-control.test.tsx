// "Scene material" (ADR 330) with nothing to choose: the hint where to add photos and clips, not a form
// whose only choice is the scene's current one. A scene that still shows a photo given before keeps the
// form, so it can be put back to its generated picture.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SceneMaterialControl } from "~/components/scene-material/SceneMaterialControl";
import { renderInRouter } from "../support/render-in-router";

const hint = 'Add photos or clips under "Your photos and clips" to choose one.';

describe("SceneMaterialControl", () => {
  it("shows only the hint when the project has no photos or clips and the scene shows its generated picture", () => {
    const html = renderToStaticMarkup(<SceneMaterialControl sceneId="s1" currentUrl={null} media={[]} hint={hint} />);
    expect(html).toContain("Scene material");
    expect(html).toContain("Add photos or clips under &quot;Your photos and clips&quot; to choose one.");
    expect(html).not.toContain("<form");
    expect(html).not.toContain("Use for this scene");
  });

  it("keeps the form for a scene that still shows a photo given before, so it can be put back", async () => {
    // The form posts through Remix's fetcher, which needs a data router: render it inside one.
    const html = await renderInRouter(<SceneMaterialControl sceneId="s1" currentUrl="/resources/files/p.jpg" media={[]} hint={hint} />);
    expect(html).toContain("<form");
    expect(html).toContain("Use for this scene");
    expect(html).toContain("This scene shows a photo or clip given to it before.");
  });
});
