// API tokens in Profile Settings (docs/product.md#mcp-server): create one (shown once), see it
// listed, revoke it — with JavaScript and as plain form posts.
import { expect, test, type Page } from "@playwright/test";
import { DEMO_USER, signIn } from "./support/sign-in";

async function createAndRevoke(page: Page, name: string) {
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "API Tokens" });
  await section.getByLabel("Token name").fill(name);
  await section.getByRole("button", { name: "Create Token" }).click();
  await expect(section.getByText("Copy it now: it is shown only once.")).toBeVisible();
  await expect(section.getByTestId("new-api-token")).toHaveValue(/^rf_pat_[A-Za-z0-9_-]{43}$/);
  const item = section.getByRole("listitem").filter({ hasText: name });
  await expect(item).toContainText("Never used");
  await item.getByRole("button", { name: `Revoke token ${name}` }).click();
  await expect(section.getByText(`Token "${name}" revoked`)).toBeVisible();
  await expect(section.getByRole("listitem").filter({ hasText: name })).toContainText("Revoked");
  // The secret is not on the page any more.
  await expect(section.getByTestId("new-api-token")).toHaveCount(0);
}

test("a user creates an API token, sees it once, and revokes it", async ({ page }) => {
  await signIn(page, DEMO_USER);
  await createAndRevoke(page, `Laptop ${Date.now()}`);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("tokens are created and revoked as plain form posts", async ({ page }) => {
    await signIn(page, DEMO_USER);
    await createAndRevoke(page, `Script ${Date.now()}`);
  });
});
