// The brand kit in Profile Settings (docs/product.md#brand-kit): preview without saving, a field
// refused with its message, save with an SVG logo, and remove — with JavaScript and as plain
// multipart form posts, at phone width.
import { expect, test, type Page } from "@playwright/test";
import { DEMO_USER, signIn } from "./support/sign-in";

const LOGO = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect y="140" width="200" height="60" fill="#00c000"/><circle cx="100" cy="70" r="70" fill="#ff00ff"/></svg>`,
);

async function useKit(page: Page) {
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Brand kit" });
  // Start from no kit (a run before may have left one).
  const remove = section.getByRole("button", { name: "Remove kit" });
  if (await remove.count()) {
    await remove.click();
    await expect(section.getByText("Brand kit removed")).toBeVisible();
  }
  await section.getByLabel("Main colour (backgrounds) as hex").fill("#1a1a2e");
  await section.getByLabel("Accent (panels, button) as hex").fill("#4ade80");
  await section.getByLabel("Caption and title font").selectOption("bebas-neue");
  await section.getByLabel("Default call to action").fill("Buy <now>");
  await section.getByLabel("Website or handle").fill("acme.test");
  await section.getByLabel("Logo", { exact: true }).setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: LOGO });
  await section.getByRole("button", { name: "Preview" }).click();
  await expect(section.getByRole("alert").filter({ hasText: "Use letters, digits and punctuation on one line." })).toBeVisible();

  await section.getByLabel("Default call to action").fill("Visit acme");
  await section.getByLabel("Logo", { exact: true }).setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: LOGO });
  await section.getByRole("button", { name: "Preview" }).click();
  await expect(section.getByText("Preview updated (not saved).")).toBeVisible();
  await expect(section.getByRole("img", { name: /Preview of your ad's end card/ })).toHaveAttribute("src", /^data:image\/jpeg;base64,/);

  await section.getByLabel("Logo", { exact: true }).setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: LOGO });
  await section.getByLabel("Show a small logo mark in the corner of every scene").check();
  await section.getByRole("button", { name: "Save brand kit" }).click();
  await expect(section.getByText("Brand kit saved. Your new ads will use it.")).toBeVisible();
  await expect(section.getByRole("img", { name: "Your saved logo" })).toBeVisible();
  const preview = section.getByRole("img", { name: /Preview of your ad's end card/ });
  await expect(preview).toHaveAttribute("src", /^\/resources\/brand-preview\?v=/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(640);
  await expect(section.getByLabel("Accent (panels, button) as hex")).toHaveValue("#4ade80");
  await expect(section.getByLabel("Caption and title font")).toHaveValue("bebas-neue");

  await section.getByRole("button", { name: "Remove kit" }).click();
  await expect(section.getByText("Brand kit removed")).toBeVisible();
}

test.use({ viewport: { width: 390, height: 844 } });

test("a user previews, saves and removes a brand kit at phone width", async ({ page }) => {
  await signIn(page, DEMO_USER);
  await useKit(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the brand kit form works as plain multipart posts", async ({ page }) => {
    await signIn(page, DEMO_USER);
    await useKit(page);
  });
});
