// Every component class app/tailwind.css defines reaches the built stylesheet (ADR 365, 399). A broken
// comment there once dropped `.icon` silently: the build passed and every icon lost its stroke.
import { readFileSync } from "node:fs";
import path from "node:path";
import tailwind from "@tailwindcss/postcss";
import postcss from "postcss";
import { describe, expect, it } from "vitest";

const file = path.resolve("app/tailwind.css");

describe("app/tailwind.css", () => {
  it("builds every class of its components layer, the icons' stroke style included", { timeout: 60_000 }, async () => {
    const source = readFileSync(file, "utf8");
    const layer = source.slice(source.indexOf("@layer components"));
    const defined = [...layer.matchAll(/^\s*\.([a-z][\w-]*)\s*[{,]/gm)].map((m) => m[1]);
    expect(defined).toEqual(expect.arrayContaining(["btn", "card", "pill", "choice", "tab", "nav-item", "icon", "copy-button", "download-link"]));
    // Optimised as the production build is: a rule with a broken selector is dropped there.
    const { css } = await postcss([tailwind({ base: path.resolve("."), optimize: { minify: true } })]).process(source, { from: file });
    const built = new Map<string, string>();
    postcss.parse(css).walkRules((rule) => {
      for (const selector of rule.selectors) built.set(selector.trim(), (built.get(selector.trim()) ?? "") + rule.toString());
    });
    expect(defined.filter((name) => !built.has(`.${name}`))).toEqual([]);
    expect(built.get(".icon")).toMatch(/fill:\s*none.*stroke:\s*currentColor/);
  });
});
