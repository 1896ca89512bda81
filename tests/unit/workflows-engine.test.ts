import { describe, expect, it } from "vitest";

process.env.DATABASE_URL ??= "postgresql://unused:unused@127.0.0.1:1/unused";
const { detectWorkflowEngine } = await import("../../inngest/client.ts");
const { videoRequested, sceneAssetsRequested } = await import("~/models/workflows/events");

describe("workflow engine selection", () => {
  it("is embedded when no Inngest server is configured", () => {
    expect(detectWorkflowEngine({})).toEqual({ kind: "embedded", ok: true });
    expect(detectWorkflowEngine({ INNGEST_DEV: "0" })).toEqual({ kind: "embedded", ok: true });
  });

  it("uses Inngest Cloud with both keys, and flags half a configuration", () => {
    expect(detectWorkflowEngine({ INNGEST_SIGNING_KEY: "signkey-prod-ab", INNGEST_EVENT_KEY: "ek" })).toEqual({ kind: "inngest-cloud", ok: true });
    expect(detectWorkflowEngine({ INNGEST_EVENT_KEY: "ek" })).toMatchObject({ kind: "inngest-cloud", ok: false });
  });

  it("uses a self-hosted or dev server when a base URL or INNGEST_DEV is set", () => {
    expect(detectWorkflowEngine({ INNGEST_DEV: "1" })).toEqual({ kind: "self-hosted", ok: true });
    expect(detectWorkflowEngine({ INNGEST_DEV: "http://localhost:8288" })).toEqual({ kind: "self-hosted", ok: true });
    expect(detectWorkflowEngine({ INNGEST_BASE_URL: "http://inngest:8288" })).toMatchObject({ kind: "self-hosted", ok: false });
    expect(detectWorkflowEngine({ INNGEST_BASE_URL: "http://inngest:8288", INNGEST_SIGNING_KEY: "signkey-prod-ab", INNGEST_EVENT_KEY: "ek" })).toEqual({
      kind: "self-hosted",
      ok: true,
    });
  });
});

describe("typed events", () => {
  it("validate their data with the schema", async () => {
    await expect(videoRequested.create({ storyId: 3, userId: "u1" }).validate()).resolves.toBeUndefined();
    await expect(videoRequested.create({ storyId: -1, userId: "u1" }).validate()).rejects.toThrow(/storyId/);
    // @ts-expect-error sceneId is required
    await expect(sceneAssetsRequested.create({ projectId: "p", userId: "u" }).validate()).rejects.toThrow(/sceneId/);
  });
});
