// The layer rule of docs/architecture.md is an ESLint rule (eslint.config.js) run by npm test.
// These cases make sure it actually refuses each wrong-way arrow, and lets the right ones pass.
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports" || m.ruleId === "layers/imports").map((m) => m.message);
}

describe("layer boundaries", () => {
  it.each([
    ["app/models/x.server.ts", 'import { a } from "~/components/dashboard/CardParts";\nexport const b = a;\n'],
    ["app/models/x.server.ts", 'import { a } from "~/routes/_shell.dashboard";\nexport const b = a;\n'],
    ["app/models/x.server.ts", 'import { a } from "../../inngest/functions/compile";\nexport const b = a;\n'],
    ["app/utils/x.server.ts", 'import { a } from "~/models/credits.server";\nexport const b = a;\n'],
    ["app/providers/x/y.server.ts", 'import { a } from "~/models/projects/project.server";\nexport const b = a;\n'],
    ["app/components/x/Y.tsx", 'import { a } from "~/models/credits.server";\nexport const b = a;\n'],
    ["app/components/x/Y.tsx", 'import { a } from "~/utils/db.server";\nexport const b = a;\n'],
    ["app/routes/x.tsx", 'import { a } from "../models/credits.server";\nexport const b = a;\n'],
    ["app/providers/x/y.ts", 'import { a } from "~/tools/index";\nexport const b = a;\n'],
    // The engine outside the core, every top-level folder in the table, dynamic imports too (issue 22).
    ["app/models/x.server.ts", 'import { a } from "../../inngest/client";\nexport const b = a;\n'],
    ["app/models/x/y.server.ts", 'export async function b() {\n  return import("../../../inngest/client");\n}\n'],
    ["app/routes/x.tsx", 'import { a } from "~/models/billing/credits.server";\nexport const b = a;\n'],
    ["inngest/functions/x.ts", 'export async function b() {\n  return import("~/models/compile/stalled-work.server");\n}\n'],
    ["inngest/functions/x.ts", 'import { a } from "~/routes/_shell.dashboard";\nexport const b = a;\n'],
    ["mcp-server/x.ts", 'import { a } from "../server/cli-env.ts";\nexport const b = a;\n'],
    ["agents/x.ts", 'import { a } from "../mcp-server/server.ts";\nexport const b = a;\n'],
    ["server/x.ts", 'import { a } from "../tests/fixtures/storage-media.ts";\nexport const b = a;\n'],
    ["app/models/x/y.server.ts", "export async function b(name: string) {\n  return import(name);\n}\n"],
    ["app/models/x/y.server.ts", 'import { a } from "~/tools/index";\nexport const b = a;\n'],
  ])("refuses %s importing %s", async (file, code) => {
    expect(await boundaryErrors(file, code)).not.toEqual([]);
  });

  it.each([
    ["app/routes/x.tsx", 'import { a } from "~/models/credits.server";\nexport const b = a;\n'],
    ["app/models/x.server.ts", 'import { a } from "~/utils/db.server";\nexport const b = a;\n'],
    ["app/routes/x.tsx", 'import { a } from "~/models/billing";\nexport const b = a;\n'],
    ["inngest/functions/x.ts", 'export async function b() {\n  return import("~/models/compile");\n}\n'],
    ["app/models/x/y.server.ts", 'import { a } from "~/models/workflows/engine.server";\nexport const b = a;\n'],
    ["server/x.ts", 'import { a } from "../mcp-server/server.ts";\nexport const b = a;\n'],
    ["app/components/x/Y.tsx", 'import { a } from "~/models/content/content-feed";\nexport const b = a;\n'],
    ["app/models/x.server.ts", 'import { a } from "./credits.server";\nexport const b = a;\n'],
    ["app/providers/x/y.ts", 'import { a } from "~/tools/names";\nexport const b = a;\n'],
    ["app/models/x/y.server.ts", 'import { a } from "~/tools/names";\nexport const b = a;\n'],
  ])("allows %s importing %s", async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});
