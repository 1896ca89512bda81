// What the MCP server says it can do (docs/product.md#mcp-server): the tool list and the
// resource list are fixed per connection and the server sends no list_changed notifications,
// so its capabilities must not claim listChanged (docs/decisions/213-connected-apps-and-oauth-housekeeping.md).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterEach, expect, it } from "vitest";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

it("reports tools and resources without listChanged, and still lists the tools", async () => {
  // The server module reaches the database only when a tool runs; none runs here.
  process.env.DATABASE_URL ??= "postgresql://unused@localhost/unused";
  const { actorFromUser } = await import("~/models/access");
  const { createReelforgeMcpServer } = await import("../../mcp-server/server");
  const server = createReelforgeMcpServer(actorFromUser({ id: "user-1", isAdmin: false }, "mcp"), { origin: "http://localhost" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "capabilities-test", version: "1.0.0" });
  await client.connect(clientSide);
  closers.push(
    () => client.close(),
    () => server.close(),
  );

  const caps = client.getServerCapabilities();
  expect(caps?.tools).toBeDefined();
  expect(caps?.tools?.listChanged).not.toBe(true);
  expect(caps?.resources).toBeDefined();
  expect(caps?.resources?.listChanged).not.toBe(true);
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name)).toContain("create_video_project");
}, 30_000);
