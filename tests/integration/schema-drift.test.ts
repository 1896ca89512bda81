// schema.prisma and the committed migrations must describe the same database.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runPrisma } from "../../server/database.ts";

const root = path.resolve(import.meta.dirname, "../..");

function diff(schemaPath: string) {
  return runPrisma(
    ["migrate", "diff", "--from-migrations", "prisma/migrations", "--to-schema-datamodel", schemaPath, "--exit-code"],
    process.env.DATABASE_URL!,
    { quiet: true },
  );
}

describe("schema and migrations", () => {
  it("have no drift (run `npm run db:migration -- <name>` after changing schema.prisma)", async () => {
    const { code, output } = await diff("prisma/schema.prisma");
    expect(output).toContain("No difference detected");
    expect(code).toBe(0);
  });

  it("the drift check notices a schema change that has no migration", async () => {
    const dir = mkdtempSync(path.join(root, "tests/.tmp-drift-"));
    try {
      const schema = readFileSync(path.join(root, "prisma/schema.prisma"), "utf8")
        .replace('output     = "../app/generated/prisma"', `output     = "${path.join(dir, "client")}"`)
        .replace("model Plan {\n", "model Plan {\n  driftProbe String?\n");
      const file = path.join(dir, "schema.prisma");
      writeFileSync(file, schema);
      const { code } = await diff(path.relative(root, file));
      expect(code).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
