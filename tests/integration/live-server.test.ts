import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLiveServer, type LiveServer } from "../support/live-server";

let live: LiveServer;
beforeAll(async () => {
  live = await startLiveServer();
});
afterAll(() => live.close());

describe("live server harness", () => {
  it("serves the built app over HTTP", async () => {
    // No workflow engine runs in tests, so health answers 503 with its JSON report.
    const res = await fetch(`${live.url}/healthz`);
    expect((await res.json()).database).toBeDefined();
    const page = await fetch(`${live.url}/auth/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<html");
  });
});
