import { PassThrough } from "node:stream";
import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream, renderToStaticMarkup } from "react-dom/server";
import { setStaticMarkupRenderer } from "~/components/ui/StaticMarkup";
import { NonceProvider } from "~/hooks/useNonce";
import { isDatabaseUnavailable, noteDatabaseUnavailable } from "~/utils/db-errors.server";

const ABORT_DELAY = 5_000;

// The shell's navigation is sent as the markup drawn the first time for its key (docs/decisions/405-static-markup.md);
// not under Vite's dev server (`remix vite:dev`), which replaces an edited component in the
// running process: the kept markup would be the old one. `npm start` and `npm run dev` run a build.
if (!(import.meta as ImportMeta & { hot?: unknown }).hot) setStaticMarkupRenderer(renderToStaticMarkup);

/**
 * Errors of loaders and actions. The database being unreachable is noted on the load context,
 * so the server answers 503 with a clear page instead of the 500 error page
 * (docs/decisions/231-database-unavailable-503.md), and logged as one line, not a stack per request.
 */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  if (isDatabaseUnavailable(error)) {
    noteDatabaseUnavailable(context);
    console.error(`database unavailable (${new URL(request.url).pathname}): ${(error as Error)?.message?.trim().split("\n").pop() ?? error}`);
    return;
  }
  console.error(error);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Security headers, the Content-Security-Policy among them, are set for every response in
  // server/security-headers.ts; its nonce comes here through the load context.
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : "";
  const bot = isbot(request.headers.get("user-agent") || "");
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // The render is aborted if it has not finished in ABORT_DELAY, and the timer is cleared once
    // it has: a pending timer keeps the whole render (React's stream, the loaders' data, the
    // request) reachable for ABORT_DELAY after every page is sent (docs/decisions/371-memory-flat.md).
    let abortRender = () => {};
    const deadline = setTimeout(() => abortRender(), ABORT_DELAY);
    const ready = () => {
      shellRendered = true;
      const body = new PassThrough();
      const stream = createReadableStreamFromReadable(body);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          if (!bot) ready();
        },
        onAllReady() {
          // Everything is rendered: nothing is left to abort.
          clearTimeout(deadline);
          if (bot) ready();
        },
        onShellError(error: unknown) {
          clearTimeout(deadline);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // A client that left mid-page is not an error of ours, and logging it would format a
          // source-mapped stack (about 10 ms of CPU) for each such visitor.
          if (shellRendered && !request.signal.aborted) console.error(error);
        },
      },
    );
    abortRender = abort;
  });
}
