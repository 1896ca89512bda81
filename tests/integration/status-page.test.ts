import { describe, expect, it } from "vitest";
import { loader } from "~/routes/status";

type Row = { name: string; state: string; detail: string };

describe("/status", () => {
  it("names the active provider of every capability and the state of the services", async () => {
    const result = (await loader()) as unknown as { data: { core: Row[]; providers: Row[] }; init: { status: number } };
    const { core, providers } = result.data;
    expect(core.map((r) => r.name)).toEqual(["Database", "File storage", "Workflow engine"]);
    expect(core[0]).toMatchObject({ state: "ok", detail: "PostgreSQL" });
    const byName = Object.fromEntries(providers.map((r) => [r.name, r]));
    expect(Object.keys(byName).sort()).toEqual(
      ["Background music", "Planning and assistant", "Image to video", "Product images", "Video compiling", "Voice-over"].sort(),
    );
    expect(byName["Planning and assistant"].detail).toMatch(/^Local planner/);
    for (const r of providers) expect(r.detail).toContain("runs on this server");
    // No executor runs inside this test process, so the engine is reported as a problem.
    expect(core[2].state).toBe("problem");
    expect(result.init.status).toBe(503);
  });
});
