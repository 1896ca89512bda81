// Issue 13: custom orders end to end. The fulfilment loop (a user orders with a file, staff set
// it in progress and deliver a file and a message, the user is notified and downloads the file),
// a guest order through a paid link (paid in the sandbox, then pending for staff), and the same
// screens without JavaScript.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { DEMO_ADMIN, DEMO_USER, signIn } from "./support/sign-in";

// A 1×1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const png = (name: string) => ({ name, mimeType: "image/png", buffer: PNG });
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Nothing sticks out sideways on a phone (the page itself does not scroll horizontally). */
async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

async function signedIn(browser: Browser, email: string, js = true): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: js });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

async function placeOrder(page: Page, remark: string): Promise<number> {
  await page.goto("/custom-orders");
  await expect(page.getByRole("heading", { name: "Custom Orders", level: 1 })).toBeVisible();
  await page.getByTestId("create-order").click();
  const dialog = page.getByTestId("order-request-dialog");
  await expect(dialog.getByRole("heading", { name: "Custom Order Request" })).toBeVisible();
  await dialog.getByLabel("Images or videos").setInputFiles(png("product.png"));
  await dialog.getByLabel("Remark").fill(remark);
  await dialog.getByRole("button", { name: /Submit Order/ }).click();
  await page.waitForURL(/\/custom-orders\/\d+$/);
  await expect(page.getByText("Custom order submitted successfully!").first()).toBeVisible();
  return Number(new URL(page.url()).pathname.split("/").pop());
}

async function openOrderAsAdmin(admin: Page, orderNumber: number) {
  await admin.goto("/admin/orders");
  const row = admin.locator(`[data-testid="admin-order-row"][data-order-number="${orderNumber}"]`);
  await expect(row).toBeVisible();
  await row.getByRole("link", { name: `Open order ${orderNumber}` }).click();
  await expect(admin.getByTestId("admin-order-dialog")).toBeVisible();
}

async function fulfil(admin: Page, orderNumber: number, message: string) {
  await openOrderAsAdmin(admin, orderNumber);
  const dialog = admin.getByTestId("admin-order-dialog");
  await dialog.getByLabel("Status").selectOption("in_progress");
  await dialog.getByLabel("Admin notes").fill("Editing now");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(admin.getByText("Order updated successfully").first()).toBeVisible();
  await expect(dialog.locator('[data-status="in_progress"]')).toBeVisible();

  await dialog.getByRole("link", { name: "Delivery" }).click();
  await dialog.getByLabel("Delivery message").fill(message);
  await dialog.getByLabel("Delivery files").setInputFiles(png("final-cut.png"));
  await dialog.getByRole("button", { name: "Deliver", exact: true }).click();
  await expect(admin.getByText("Order delivered successfully").first()).toBeVisible();
  await expect(admin.getByTestId("delivered")).toContainText("This order has already been delivered.");
}

async function receive(user: Page, orderNumber: number, message: string) {
  await user.goto("/notifications");
  await expect(user.getByText(`Your custom order #order-${orderNumber} has been delivered`, { exact: true })).toBeVisible();
  await user.goto(`/custom-orders/${orderNumber}`);
  const dialog = user.getByTestId("order-details-dialog");
  await expect(dialog.getByTestId("delivery-message")).toHaveText(message);
  await expect(dialog.locator('[data-status="completed"]')).toBeVisible();
  const download = dialog.getByTestId("delivered-files").getByRole("link", { name: "Download" });
  const href = await download.getAttribute("href");
  const file = await user.request.get(href!);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("image/png");
  // Someone else cannot fetch it.
  const stranger = await user.context().browser()!.newContext();
  expect((await stranger.request.get(new URL(href!, user.url()).toString())).status()).toBe(404);
  await stranger.close();
}

test("fulfilment loop: order with a file → staff deliver → the user is notified and downloads", async ({ browser }) => {
  const user = await signedIn(browser, DEMO_USER);
  const orderNumber = await placeOrder(user, `Reel ${unique()}`);
  await user.setViewportSize({ width: 390, height: 844 });
  await user.screenshot({ path: "test-results/custom-orders-details-390.png", fullPage: true });

  const admin = await signedIn(browser, DEMO_ADMIN);
  await fulfil(admin, orderNumber, "Your reel is ready, enjoy!");
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.screenshot({ path: "test-results/admin-order-delivered-390.png", fullPage: true });

  await receive(user, orderNumber, "Your reel is ready, enjoy!");
});

test("a guest orders through a paid link and pays; staff then see the order pending", async ({ browser }) => {
  const admin = await signedIn(browser, DEMO_ADMIN);
  await admin.goto("/admin/links");
  await admin.getByTestId("create-link").click();
  const create = admin.getByTestId("create-link-dialog");
  const title = `Launch reel ${unique()}`;
  await expect(create.getByRole("button", { name: "Create Link" })).toBeDisabled();
  await create.getByLabel("Title").fill(title);
  await create.getByLabel("Rate (₹)").fill("1500");
  await create.getByRole("button", { name: "Create Link" }).click();
  const share = admin.getByTestId("share-link-dialog");
  await expect(share).toContainText("₹1,500");
  const url = await share.getByTestId("share-url").inputValue();
  expect(url).toMatch(/\/order\/[A-Za-z0-9]{8}$/);
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.screenshot({ path: "test-results/admin-links-share-390.png", fullPage: true });

  const guest = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await guest.goto(url);
  await expect(guest.getByRole("heading", { name: title })).toBeVisible();
  await guest.getByLabel("Name").fill("Asha Guest");
  await guest.getByLabel("E-mail").fill("asha@example.com");
  await guest.getByLabel("Phone").fill("+91 98765 43210");
  await guest.getByLabel("Images or videos").setInputFiles(png("guest.png"));
  await guest.getByLabel("Remark").fill("Make it festive");
  await guest.screenshot({ path: "test-results/order-link-guest-390.png", fullPage: true });
  await guest.getByRole("button", { name: "Continue to payment" }).click();
  await guest.waitForURL(/\/payment\?orderId=/);
  await expect(guest.getByTestId("payment-amount")).toHaveText("₹1,500");
  await guest.getByRole("button", { name: "Proceed to Payment" }).click();
  await guest.waitForURL(/\/payment\/sandbox/);
  await guest.getByTestId("sandbox-success").click();
  await guest.waitForURL(/payment=success/);
  await expect(guest.getByTestId("payment-outcome")).toHaveAttribute("data-state", "success");
  // The guest's own outcome page (ADR 266): the result as the heading, the order number, what next.
  await expect(guest.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await expect(guest.getByRole("heading", { name: "Complete Your Payment" })).toHaveCount(0);
  await expect(guest.getByTestId("order-number")).toHaveText(/^#order-\d+$/);
  await expect(guest.getByTestId("order-next-steps")).toContainText("a…@example.com");

  await admin.goto("/admin/orders?status=pending");
  await expect(admin.getByTestId("admin-order-row").filter({ hasText: "Asha Guest" }).filter({ hasText: title })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test("order, deliver and download with plain form posts", async ({ browser }) => {
    const user = await signedIn(browser, DEMO_USER, false);
    await user.setViewportSize({ width: 390, height: 844 });
    await user.goto("/custom-orders?new=1");
    await user.screenshot({ path: "test-results/custom-orders-request-nojs-390.png", fullPage: true });
    const orderNumber = await placeOrder(user, `Plain ${unique()}`);
    const admin = await signedIn(browser, DEMO_ADMIN, false);
    await admin.setViewportSize({ width: 390, height: 844 });
    await fulfil(admin, orderNumber, "Delivered without scripts");
    await admin.goto(`/admin/orders`);
    await admin.screenshot({ path: "test-results/admin-orders-nojs-390.png", fullPage: true });
    await expectNoSideScroll(admin);
    await user.goto("/custom-orders");
    await expectNoSideScroll(user);
    await receive(user, orderNumber, "Delivered without scripts");
  });

  test("an inactive link refuses with a clear message", async ({ browser }) => {
    const admin = await signedIn(browser, DEMO_ADMIN, false);
    await admin.goto("/admin/links?create=1");
    const title = `Closed ${unique()}`;
    await admin.getByLabel("Title").fill(title);
    await admin.getByRole("button", { name: "Create Link" }).click();
    const url = await admin.getByTestId("share-url").inputValue();
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.goto("/admin/links");
    await expectNoSideScroll(admin);
    await admin.getByRole("switch", { name: `${title}: active` }).click();
    await expect(admin.getByRole("switch", { name: `${title}: inactive` })).toBeVisible();
    const guest = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    await guest.goto(url);
    await expect(guest.getByTestId("link-problem")).toHaveText("This order link is no longer active. Please contact us for a new link.");
  });
});
