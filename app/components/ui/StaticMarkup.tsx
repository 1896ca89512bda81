// A subtree the server sends as the markup it drew the first time (docs/decisions/405-static-markup.md,
// 406-kept-dashboard-cards.md, 407-kept-scene-cards.md). The shell's navigation is the same for every user
// of a role on a given page, and a dashboard card or a scene card the same for the same item; drawing them element by
// element cost most of a signed-in page's render. On the server, the first render of each `cacheKey`
// is kept as a string and later requests send that string; in the browser the children render as
// usual and hydrate against that markup, so links, handlers and client navigation behave as if it
// had been drawn each time.
//
// The children must be a function of `cacheKey` alone (no request's data outside the key, no context
// such as the router's unless `scope` provides it again, no useId), and draw no adjacent text nodes
// (one string, not `{a} {b}`): the streamed render separates those with comments that static markup
// leaves out, and hydration would not match. tests/unit/static-markup.test.tsx checks every use.
import type { ReactElement, ReactNode } from "react";

type Renderer = (node: ReactElement) => string;

let renderer: Renderer | null = null;
const drawn = new Map<string, string>();
/**
 * The navigation has a few dozen keys; the dashboard's cards one per item shown (about 3 KB each with
 * its key). Bounded by characters, keys included, since a key holds a user's text and URL: past the
 * bound the least recently sent keys are dropped.
 */
export const MAX_KEPT_CHARS = 4_000_000;
let keptChars = 0;

/** Set by the server's entry (renderToStaticMarkup); never in the browser, where children render. */
export function setStaticMarkupRenderer(render: Renderer | null): void {
  renderer = render;
  drawn.clear();
  keptChars = 0;
}

/** How many subtrees are kept and their characters, keys included (for tests). */
export function keptMarkupSize(): { keys: number; chars: number } {
  return { keys: drawn.size, chars: keptChars };
}

/**
 * `as`: the element that holds the children (a list's `ul` or `li`, so the markup stays as it was).
 * `scope`: wraps the children for the server's drawing alone, to give them again a context the page
 * provides above them (the viewer's time zone); what it provides must be part of the key.
 */
export function StaticMarkup({
  as: Tag = "div",
  cacheKey,
  className,
  "data-testid": testId,
  scope,
  children,
}: {
  as?: "div" | "ul" | "li";
  cacheKey: string;
  className?: string;
  "data-testid"?: string;
  scope?: (children: ReactElement) => ReactElement;
  children: ReactNode;
}) {
  if (!renderer)
    return (
      <Tag className={className} data-testid={testId}>
        {children}
      </Tag>
    );
  let html = drawn.get(cacheKey);
  if (html === undefined) {
    const node = <>{children}</>;
    html = renderer(scope ? scope(node) : node);
    keptChars += cacheKey.length + html.length;
    for (const [key, kept] of drawn) {
      if (keptChars <= MAX_KEPT_CHARS) break;
      drawn.delete(key);
      keptChars -= key.length + kept.length;
    }
  } else drawn.delete(cacheKey);
  // Set last: a Map keeps insertion order, so the first key is the least recently sent.
  drawn.set(cacheKey, html);
  return <Tag className={className} data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
