// Issue 23 item 4 (ADR 305): "Start from a product page" in the Create Video dialog, at phone
// width, with and without JavaScript. The app's public-address guard refuses every local address
// (as in production: this spec changes nothing about it), so a browser test can only be answered
// with a refusal; reading real pages and filling the form from them is covered by
// tests/integration/product-page.test.ts against store-shaped pages served locally.
import { expect, test } from "@playwright/test";
import { expectAccessible } from "./support/axe";
import { DEMO_USER, signIn } from "./support/sign-in";

const PHONE = { width: 390, height: 844 };
const BLOCKED = "That address is on a private or local network, so it cannot be read. Use the product page's public address.";
const INVALID = "Enter the web address of a product page, such as https://yourstore.com/products/name";

test.describe.configure({ mode: "serial" });

test.describe("with JavaScript", () => {
  test.use({ viewport: PHONE });

  test("a refused address shows its message in the field, and the rest of the dialog keeps what was typed", async ({ page }, info) => {
    await signIn(page, DEMO_USER);
    await page.goto("/create-video?new=1");
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Create Your Video" })).toBeVisible();
    await dialog.getByLabel(/Script or Idea/).fill("My own words about the product.");

    const field = dialog.getByRole("textbox", { name: "Start from a product page" });
    await expect(field).toBeVisible();
    const box = await field.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);

    const reloads: string[] = [];
    page.on("framenavigated", (frame) => frame === page.mainFrame() && reloads.push(frame.url()));
    await field.fill(`http://127.0.0.1:${new URL(page.url()).port}/`);
    await dialog.getByRole("button", { name: "Read page" }).click();
    await expect(dialog.getByRole("alert").filter({ hasText: BLOCKED })).toBeVisible();
    expect(reloads).toEqual([]); // answered by a fetcher, in place
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByLabel(/Script or Idea/)).toHaveValue("My own words about the product.");
    await expect(dialog.getByRole("button", { name: "Create Video (20 credits)" })).toBeEnabled();

    await field.fill("not an address");
    await dialog.getByRole("button", { name: "Read page" }).click();
    await expect(dialog.getByRole("alert").filter({ hasText: INVALID })).toBeVisible();
    await expectAccessible(page, "create video dialog with a product page message");
    await page.screenshot({ path: info.outputPath("product-page-phone.png"), fullPage: true });
  });
});

test.describe("without JavaScript", () => {
  test.use({ viewport: PHONE, javaScriptEnabled: false });

  test("the field is a plain form: the page comes back with the dialog open and the message in the field", async ({ page }) => {
    await signIn(page, DEMO_USER);
    await page.goto("/create-video?new=1");
    await page.getByLabel("Start from a product page").fill("http://10.0.0.1/products/x");
    await page.getByRole("button", { name: "Read page" }).click();
    await expect(page.getByRole("alert").filter({ hasText: BLOCKED })).toBeVisible();
    await expect(page.getByLabel("Start from a product page")).toHaveValue("http://10.0.0.1/products/x");
    await expect(page.getByRole("heading", { name: "Create Your Video" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Create Video (20 credits)" })).toBeVisible();
  });
});
