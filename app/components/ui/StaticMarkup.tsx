// A subtree the server sends as the markup it drew the first time (docs/decisions/405-static-markup.md).
// The shell's navigation is the same for every user of a role on a given page; drawing it
// element by element cost about 0.15-0.2 ms of every signed-in page. On the server, the first
// render of each `cacheKey` is kept as a string and later requests send that string; in the
// browser the children render as usual and hydrate against that markup, so links, handlers and
// client navigation behave as if it had been drawn each time.
//
// The children must be a function of `cacheKey` alone (no user's data, no request's data, no
// context such as the router's, no useId), and draw no adjacent text nodes (one string, not
// `{a} {b}`): the streamed render separates those with comments that static markup leaves out,
// and hydration would not match. tests/unit/static-markup.test.tsx checks the shell's lists.
import type { ReactElement, ReactNode } from "react";

type Renderer = (node: ReactElement) => string;

let renderer: Renderer | null = null;
const drawn = new Map<string, string>();
/** Keys are a handful per page (role × active item × layout); the bound only guards a mistake. */
const MAX_KEYS = 1000;

/** Set by the server's entry (renderToStaticMarkup); never in the browser, where children render. */
export function setStaticMarkupRenderer(render: Renderer | null): void {
  renderer = render;
  drawn.clear();
}

/** `as`: the element that holds the children (a list's `ul`, so the markup stays as it was). */
export function StaticMarkup({
  as: Tag = "div",
  cacheKey,
  className,
  children,
}: {
  as?: "div" | "ul";
  cacheKey: string;
  className?: string;
  children: ReactNode;
}) {
  if (!renderer) return <Tag className={className}>{children}</Tag>;
  let html = drawn.get(cacheKey);
  if (html === undefined) {
    html = renderer(<>{children}</>);
    if (drawn.size >= MAX_KEYS) drawn.clear();
    drawn.set(cacheKey, html);
  }
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
