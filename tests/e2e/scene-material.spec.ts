// Issue 23 item 1 (ADR 330): on the Video Projects page at phone width, the admin adds a photo
// to the project's own photos and clips and makes it a scene's material without JavaScript (plain
// multipart post, plain form), sees the "Own photo" badge, then puts the scene back on a
// generated picture with JavaScript.
// Run with `node scripts/e2e.mjs tests/e2e/scene-material.spec.ts`.
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { DEMO_ADMIN, signIn } from "./support/sign-in";

async function photo(colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><rect width="300" height="400" fill="${colour}"/><circle cx="150" cy="240" r="50" fill="#ffffff"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

test("a project photo becomes a scene's material at phone width, without and with JavaScript", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO_ADMIN);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/video-projects");
  const name = `Material e2e ${Date.now().toString(36)}`;
  await page.getByLabel("Project Name").fill(name);
  await page.getByRole("button", { name: "Create Project" }).click();
  await expect(page).toHaveURL(/\/video-projects\/[A-Za-z0-9_-]+$/);
  const projectUrl = new URL(page.url()).pathname;
  await page.getByLabel("Scene Name").fill("Morning routine");
  await page.getByRole("button", { name: "Add Scene" }).click();
  await expect(page.getByTestId("scene-card").filter({ hasText: "Morning routine" })).toBeVisible();

  // Without JavaScript: upload a photo (multipart) and choose it for the scene (plain post).
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    viewport: { width: 390, height: 844 },
  });
  const noJs = await plain.newPage();
  await noJs.goto(projectUrl);
  await noJs.getByLabel("Add photos or clips", { exact: true }).setInputFiles({ name: "red.png", mimeType: "image/png", buffer: await photo("#dc2626") });
  await noJs.getByRole("button", { name: "Upload photos or clips" }).click();
  await expect(noJs.getByText("1 photo(s) or clip(s) added.")).toBeVisible();
  await expect(noJs.getByText(/1 of 8 photos, 0 of 4 clips/)).toBeVisible();
  const card = noJs.getByTestId("scene-card").filter({ hasText: "Morning routine" });
  await card.getByText("Scene material").click();
  await card.getByLabel("Photo: red.png").check();
  await card.getByRole("button", { name: "Use for this scene" }).click();
  const cardAfter = noJs.getByTestId("scene-card").filter({ hasText: "Morning routine" });
  await expect(cardAfter.getByText(/The scene shows your photo/)).toBeVisible();
  await expect(cardAfter.getByText("Own photo", { exact: true })).toBeVisible();
  // Nothing wider than the phone.
  expect(await noJs.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await plain.close();

  // With JavaScript: the badge is there; "Generated picture" puts the scene back (keyboard: arrows choose).
  await page.reload();
  const jsCard = page.getByTestId("scene-card").filter({ hasText: "Morning routine" });
  await expect(jsCard.getByText("Own photo", { exact: true })).toBeVisible();
  await jsCard.getByText("Scene material").click();
  await expect(jsCard.getByLabel("Photo: red.png")).toBeChecked();
  await jsCard.getByLabel("Generated picture").check();
  await jsCard.getByRole("button", { name: "Use for this scene" }).click();
  await expect(jsCard.getByText(/shows a generated picture again/)).toBeVisible();
  await expect(jsCard.getByText("Own photo", { exact: true })).toHaveCount(0);
});
