// `npm run token -- --email <user> --name <label>`: creates a personal access token for the MCP
// server (docs/product.md#mcp-server) and prints it once. The same core function as Profile
// Settings (app/models/access/api-tokens.server.ts), acting as that user.
import { parseArgs } from "node:util";
import { cliEnvironment } from "../server/cli-env.ts";

const { values } = parseArgs({ options: { email: { type: "string" }, name: { type: "string" } }, strict: true });
if (!values.email || !values.name) {
  console.error("usage: npm run token -- --email <user e-mail> --name <label>");
  process.exit(2);
}
const env = await cliEnvironment();
let code = 0;
try {
  const { actorForUserId, createApiToken, findUserIdByEmail } = await import("../app/models/access/index.ts");
  const userId = await findUserIdByEmail(values.email);
  const actor = userId ? await actorForUserId(userId, "mcp") : null;
  if (!actor) {
    console.error(`No user with the e-mail address ${values.email}`);
    code = 1;
  } else {
    const { token, item } = await createApiToken(actor, { name: values.name });
    console.error(`Created token "${item.name}" (${item.prefix}…) for ${values.email}. It is shown only now:`);
    console.log(token);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  code = 1;
} finally {
  const { prisma } = await import("../app/utils/db.server.ts");
  await prisma.$disconnect();
  await env.close();
}
process.exit(code);
