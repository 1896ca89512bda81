// Connected applications in Profile Settings (docs/product.md#mcp-oauth): an MCP client the user
// allowed is listed and disconnected, with JavaScript and as a plain form post, on a phone too.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_USER, signIn } from "./support/sign-in";

function connectApp(): { name: string } {
  const tsx = path.join(process.cwd(), "node_modules/.bin/tsx");
  const out = execFileSync(tsx, ["tests/e2e/support/connected-apps-data.ts", "connect", DEMO_USER], { encoding: "utf8", env: process.env, timeout: 60_000 });
  return JSON.parse(out.trim().split("\n").at(-1)!) as { name: string };
}

async function disconnect(page: Page, name: string) {
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Connected applications" });
  const item = section.getByRole("listitem").filter({ hasText: name });
  await expect(item).toContainText("Answers go to 127.0.0.1:9");
  await expect(item).toContainText("Allowed");
  await item.getByRole("button", { name: `Disconnect ${name}` }).click();
  await expect(section.getByText(`"${name}" disconnected`)).toBeVisible();
  await expect(section.getByRole("listitem").filter({ hasText: name })).toHaveCount(0);
}

test("a user disconnects an application they allowed", async ({ page }) => {
  const { name } = connectApp();
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO_USER);
  await disconnect(page, name);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("Disconnect is a plain form post", async ({ page }) => {
    const { name } = connectApp();
    await signIn(page, DEMO_USER);
    await disconnect(page, name);
  });
});
