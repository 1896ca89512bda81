// App links (plain anchors, ADR 404) are followed by the router without a page load, as Remix's
// <Link> was; modified clicks, links the page handles itself and the no-JavaScript path stay the
// browser's. Run with `node scripts/e2e.mjs tests/e2e/app-links.spec.ts`.
import { expect, test, type Page } from "@playwright/test";
import { requestCustomOrder } from "./support/custom-order";
import { DEMO_ADMIN, DEMO_USER, signIn } from "./support/sign-in";

/** A mark on the window that a document load would wipe. */
async function mark(page: Page) {
  await page.evaluate(() => ((window as unknown as { __samePage: number }).__samePage = 1));
}
async function stillMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __samePage?: number }).__samePage === 1);
}

test("the shell's links and the dashboard's tabs navigate without a page load", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_USER);
  await page.goto("/");
  await mark(page);

  // The sidebar (desktop width): a link with the router, the active item marked.
  const sidebar = page.getByRole("navigation", { name: "Main" });
  await sidebar.getByRole("link", { name: /AI UGC Video/ }).click();
  await expect(page).toHaveURL(/\/create-video$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await stillMarked(page)).toBe(true);
  await expect(sidebar.getByRole("link", { name: /AI UGC Video/ })).toHaveAttribute("aria-current", "page");

  // Back is the browser's history, as with <Link>.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  expect(await stillMarked(page)).toBe(true);

  // A feed tab: its query is resolved against the page's path.
  const second = page.getByRole("navigation", { name: "Content type" }).getByRole("link").nth(1);
  const href = await second.getAttribute("href");
  expect(href).toMatch(/^\/\?tab=/);
  await second.click();
  await expect(page).toHaveURL((url) => url.pathname + url.search === href);
  await expect(second).toHaveAttribute("aria-current", "page");
  expect(await stillMarked(page)).toBe(true);

  // A link to the page itself replaces the history entry instead of adding one.
  const length = await page.evaluate(() => history.length);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: /Dashboard/ })
    .click();
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: /Dashboard/ })
    .click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => history.length)).toBeLessThanOrEqual(length + 1);
  expect(await stillMarked(page)).toBe(true);
});

test("a modified click is left to the browser", async ({ page, context }) => {
  await signIn(page, DEMO_USER);
  await page.goto("/");
  await mark(page);
  const opened = context.waitForEvent("page");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: /Plans & Billing/ })
    .click({ modifiers: ["ControlOrMeta"] });
  const tab = await opened;
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe("/plans");
  // The page itself stayed where it was.
  await expect(page).toHaveURL(/\/$/);
  expect(await stillMarked(page)).toBe(true);
});

test("an order opens over the list without a page load", async ({ browser }) => {
  test.setTimeout(120_000);
  // An order to open, asked for by a new account with credits from the sandbox gateway (the demo
  // user's credits are left to the specs that need them).
  const user = await (await browser.newContext()).newPage();
  await user.goto("/auth/signup");
  await user.getByLabel("Email").fill(`links-${Date.now().toString(36)}@example.com`);
  await user.getByLabel("Password").fill("a-good-password");
  await user.getByRole("button", { name: "Create account" }).click();
  await expect(user.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await user.goto("/plans");
  await user.getByTestId("plan-card-BASIC").getByRole("link", { name: "Buy Now" }).click();
  await user.getByRole("button", { name: "Proceed to Payment" }).click();
  await user.waitForURL(/\/payment\/sandbox/);
  await user.getByTestId("sandbox-success").click();
  await user.waitForURL(/\/plans\?payment=success/);
  const orderNumber = await requestCustomOrder(user, "App links");

  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, DEMO_ADMIN);
  await admin.goto("/admin/orders");
  await mark(admin);
  await admin.getByRole("link", { name: `Open order ${orderNumber}` }).click();
  await expect(admin.getByTestId("admin-order-dialog")).toBeVisible();
  await expect(admin).toHaveURL(/\/admin\/orders\/[^/?]+$/);
  expect(await stillMarked(admin)).toBe(true);
});
