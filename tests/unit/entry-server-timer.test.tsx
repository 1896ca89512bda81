// The server render's abort timer (ADR 371): cleared once a page is fully rendered, so nothing of
// the render stays reachable for ABORT_DELAY after it is sent; a render that never finishes is
// still aborted after ABORT_DELAY.
import { Suspense } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EntryContext } from "@remix-run/node";

// The page: a simple element, or one that waits forever inside Suspense.
let page: () => JSX.Element = () => <p>Hello</p>;
vi.mock("@remix-run/react", () => ({ RemixServer: () => page() }));

const { default: handleRequest } = await import("../../app/entry.server");

const render = (userAgent = "Mozilla/5.0") =>
  handleRequest(new Request("http://localhost/", { headers: { "user-agent": userAgent } }), 200, new Headers(), {} as EntryContext, {
    cspNonce: "n",
  }) as Promise<Response>;

describe("entry.server abort timer", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    page = () => <p>Hello</p>;
  });
  afterEach(() => vi.useRealTimers());

  it("leaves no timer behind once the page is rendered and sent", async () => {
    const res = await render();
    expect(await res.text()).toContain("Hello");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("also for a crawler, which gets the page once all of it is rendered", async () => {
    const res = await render("Googlebot/2.1 (+http://www.google.com/bot.html)");
    expect(await res.text()).toContain("Hello");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("logs nothing when the client leaves mid-page (formatting that stack cost about 10 ms of CPU a visitor)", async () => {
    vi.useRealTimers();
    const Waits = (): JSX.Element => {
      throw new Promise<never>(() => {});
    };
    page = () => (
      <Suspense fallback={<i>loading</i>}>
        <Waits />
      </Suspense>
    );
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const leave = async (clientLeft: boolean) => {
        const controller = new AbortController();
        const res = (await handleRequest(new Request("http://localhost/", { signal: controller.signal }), 200, new Headers(), {} as EntryContext, {
          cspNonce: "n",
        })) as Response;
        const reader = res.body!.getReader();
        await reader.read();
        // The server aborts the request's signal when its socket closes, then the body goes.
        if (clientLeft) controller.abort();
        await reader.cancel();
        await new Promise((resolve) => setTimeout(resolve, 50));
      };
      await leave(true);
      expect(errors).not.toHaveBeenCalled();
      // The same stream closed with the client still there is an error of ours, and is logged.
      await leave(false);
      expect(errors).toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it("still aborts a render that does not finish within the delay", async () => {
    // Real timers: the render really waits the 5 s.
    vi.useRealTimers();
    // Suspends forever (React 18: a thrown promise).
    const never = new Promise<never>(() => {});
    const Waits = (): JSX.Element => {
      throw never;
    };
    page = () => (
      <Suspense fallback={<i>loading</i>}>
        <Waits />
      </Suspense>
    );
    const started = Date.now();
    const res = await render();
    const text = await res.text();
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_900);
    expect(text).toContain("loading");
    expect(text).toContain("The server did not finish this Suspense boundary");
  }, 20_000);
});
