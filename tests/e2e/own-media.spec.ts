// Issue 23 (ADR 315): the brand's own photos and clips in the Create Video dialog. With
// JavaScript each file uploads with its own progress and thumbnail, can be moved and removed, and
// the form posts the refs in the order shown; a refused file is named. Without JavaScript the
// photos and clips go in the same multipart post.
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { expectAccessible } from "./support/axe";
import { DEMO_USER, signIn } from "./support/sign-in";

async function photo(colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><rect width="300" height="400" fill="${colour}"/><circle cx="150" cy="240" r="50" fill="#ffffff"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function openDialog(page: Page) {
  await page.goto("/create-video?new=1");
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Create Your Video" })).toBeVisible();
  return dialog;
}

test.describe.configure({ mode: "serial" });

test("photos upload with progress, are reordered and removed before paying, and are posted in order", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_USER);
  const dialog = await openDialog(page);
  await dialog.getByRole("button", { name: "Add photos" }).waitFor();
  await dialog.getByLabel("Add photos").setInputFiles([
    { name: "red.png", mimeType: "image/png", buffer: await photo("#dc2626") },
    { name: "green.png", mimeType: "image/png", buffer: await photo("#16a34a") },
    { name: "blue.png", mimeType: "image/png", buffer: await photo("#2563eb") },
  ]);
  const list = dialog.getByRole("list", { name: /Your photos and clips/ });
  await expect(list.getByRole("listitem")).toHaveCount(3);
  const refs = dialog.locator('input[type=hidden][name="mediaRef"]');
  await expect(refs).toHaveCount(3, { timeout: 30_000 });
  // A text file named .mp4 is refused by the server, named, and not posted.
  await dialog.getByLabel("Add clips").setInputFiles({ name: "notes.mp4", mimeType: "video/mp4", buffer: Buffer.from("not a video\n".repeat(100)) });
  await expect(dialog.getByText("notes.mp4: Please upload a video file")).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole("button", { name: "Remove notes.mp4" }).click();
  // Move blue up twice (keyboard), remove green.
  await dialog.getByRole("button", { name: "Move blue.png up" }).focus();
  await page.keyboard.press("Enter");
  await dialog.getByRole("button", { name: "Move blue.png up" }).click();
  await dialog.getByRole("button", { name: "Remove green.png" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list.getByRole("listitem").first()).toContainText("blue.png");
  await expectAccessible(page, "create video with own photos");
  const posted = await refs.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  expect(posted).toHaveLength(2);
  for (const ref of posted) expect(ref).toMatch(/^product-photos\//);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the photos are file inputs of the same multipart post", async ({ page }) => {
    await signIn(page, DEMO_USER);
    await page.goto("/create-video?new=1");
    await expect(page.getByLabel(/^Photos \(up to 8\)/)).toHaveAttribute("name", "photos");
    await expect(page.getByLabel(/^Clips \(up to 4\)/)).toHaveAttribute("name", "clips");
    await expect(page.getByLabel(/^Photos/)).toHaveAttribute("multiple", "");
  });
});
