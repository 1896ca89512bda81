// Issue 20 findings 5 and 13 with JavaScript: a new canvas project says it was made, the main
// image and an asset's removal say so, and the Video Project Management page adds the product
// image Generate Assets needs, with the project canvas shown by default.
// Run with `node scripts/e2e.mjs tests/e2e/ui-walk.spec.ts`.
import { expect, test } from "@playwright/test";
import { png } from "../fixtures/storage-media";
import { productPhoto } from "../providers/fixtures";
import { DEMO_ADMIN, signIn } from "./support/sign-in";

test("canvas and video-project messages that were never shown", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO_ADMIN);
  await page.goto("/canvas?new=1");
  const title = `Walk ${Date.now().toString(36)}`;
  const form = page.getByRole("form", { name: "Create New Project" });
  await form.getByLabel("Project Title").fill(title);
  await form.getByRole("button", { name: "Create Project" }).click();
  await expect(page).toHaveURL(/\/canvas\/[A-Za-z0-9_-]+$/);
  await expect(page.getByTestId("flash-message")).toContainText(`Project "${title}" created successfully!`);

  await page.getByLabel("Main image").setInputFiles({ name: "product.jpg", mimeType: "image/jpeg", buffer: await productPhoto({ width: 300, height: 390 }) });
  await expect(page.getByText("Main project image updated successfully")).toBeVisible();
  await page.getByLabel("Add images, videos or audio files").setInputFiles([{ name: "logo.png", mimeType: "image/png", buffer: png(8, 8) }]);
  await expect(page.getByText("1 asset(s) uploaded successfully.")).toBeVisible();
  await page.getByRole("button", { name: "Remove logo.png" }).click();
  await expect(page.getByText('Asset "logo.png" removed.')).toBeVisible();

  // The picker: Back and Create New Project.
  await page.goto("/canvas");
  await expect(page.getByRole("link", { name: "Back", exact: true })).toHaveAttribute("href", "/");
  await expect(page.getByRole("link", { name: "Create New Project" })).toBeVisible();

  // The management page: the canvas is shown, the product image is added where the refusal points.
  await page.goto("/video-projects");
  await page.getByLabel("Project Name").fill(`VPM ${title}`);
  await page.getByRole("button", { name: "Create Project" }).click();
  await expect(page).toHaveURL(/\/video-projects\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole("button", { name: "Hide Canvas View" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Project Canvas" })).toBeVisible();
  await expect(page.getByTestId("project-status")).toContainText("Project Status: draft");
  await page.getByLabel("Scene Name").fill("Morning");
  await page.getByRole("button", { name: "Add Scene" }).click();
  const card = page.getByTestId("scene-card").filter({ hasText: "Morning" });
  page.once("dialog", (dialog) => void dialog.accept());
  await card.getByRole("button", { name: "Generate Assets" }).click();
  await expect(card.getByRole("alert")).toContainText('Add one under "Product Image" above.');
  await card.getByRole("link", { name: "Go to Product Image" }).click();
  await page
    .getByLabel("Upload product image")
    .setInputFiles({ name: "serum.jpg", mimeType: "image/jpeg", buffer: await productPhoto({ width: 300, height: 390 }) });
  await expect(page.getByText("Main project image updated successfully")).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove product image" })).toBeVisible();
});
