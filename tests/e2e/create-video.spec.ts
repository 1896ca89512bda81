// Issue 5: the demo user creates a video in the browser, watches its card turn from Processing
// to Ready on the dashboard without reloading, and plays it; 20 credits are charged. A provider
// failure refunds the credits and shows the failed card: scripts/e2e.mjs starts the app with
// PROVIDER_FAULTS=voice=Faultline, the registry's test provider, so the voice fails for a
// script about "Faultline serum" (docs/decisions/141-test-faults-in-the-provider-registry.md).
// Run with `node scripts/e2e.mjs tests/e2e/create-video.spec.ts` (tiny renders, see the script).
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./support/axe";
import { DEMO_USER, signIn } from "./support/sign-in";
import sharp from "sharp";
import { watchHydrationErrors } from "./support/hydration";

/** The balance the Create Video card shows ("You have N credits available"). */
async function creditsOnCard(page: Page): Promise<number> {
  await page.goto("/create-video");
  const heading = page.getByRole("heading", { name: /You have .* credits available/ });
  await expect(heading).toBeVisible();
  const text = (await heading.textContent()) ?? "";
  return Number(/You have ([\d.,]+) credits available/.exec(text)?.[1]?.replace(/,/g, ""));
}

async function productPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><rect width="300" height="400" fill="#f3f3f3"/>
    <rect x="110" y="120" width="80" height="220" rx="18" fill="#7c3aed"/><rect x="130" y="80" width="40" height="45" fill="#111827"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Opens the dialog, fills it in and submits; resolves on the dashboard. */
async function createVideo(page: Page, script: string, opts: { image?: boolean; captions?: { style: string; position: string } } = {}) {
  await page.goto("/create-video");
  await page
    .getByRole("button", { name: "Create New Video" })
    .or(page.getByRole("link", { name: "Create New Video" }))
    .first()
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Create Your Video" })).toBeVisible();
  await dialog.getByLabel(/Script or Idea/).fill(script);
  // Each voice can be heard before paying (issue 14 §4, docs/decisions/201-voice-samples.md).
  await dialog.getByText("Hear the voices").click();
  const players = dialog.locator("[data-testid=voice-samples] audio");
  expect(await players.count()).toBe(await dialog.getByLabel("Choose Voice").locator("option").count());
  const sample = await page.request.get((await players.first().getAttribute("src"))!);
  expect(sample.status()).toBe(200);
  expect(sample.headers()["content-type"]).toMatch(/^audio\//);
  if (opts.image) {
    await dialog.getByLabel("Product or Avatar Image").setInputFiles({ name: "product.png", mimeType: "image/png", buffer: await productPng() });
    await expect(dialog.getByText(/Uploaded product\.png/)).toBeVisible();
  }
  if (opts.captions) {
    // Caption style and position (issue 24 item 5, ADR 350): labelled radio groups.
    await dialog.getByRole("group", { name: "Caption style" }).getByRole("radio", { name: opts.captions.style }).check();
    await dialog.getByRole("group", { name: "Caption position" }).getByRole("radio", { name: opts.captions.position }).check();
  }
  await dialog.getByRole("button", { name: "Create Video (20 credits)" }).click();
  await expect(page.getByText("Your video has been created successfully").first()).toBeVisible({ timeout: 35_000 });
  await expect(page).toHaveURL(/\/(\?.*)?$/);
}

function storyCard(page: Page, text: string) {
  return page.getByRole("article").filter({ hasText: text });
}

test.describe.configure({ mode: "serial" });

test("the demo user creates a video, sees it become Ready without reloading, and it plays", async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page, DEMO_USER);
  const before = await creditsOnCard(page);
  expect(before).toBeGreaterThanOrEqual(20);

  const script = "Scene 1: Meet Aurora, the serum for a morning glow.\n\nScene 2: Bright skin in seven days. Try it today!";
  await createVideo(page, script, { image: true, captions: { style: "Karaoke", position: "Upper" } });

  const card = storyCard(page, "Meet Aurora, the serum for a morning glow.");
  await expect(card).toBeVisible();
  await expect(card.getByText("Processing").first()).toBeVisible();
  // No reload from here on: the card changes through the live connection.
  let reloaded = false;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });
  await expect(card.getByText("Ready", { exact: true })).toBeVisible({ timeout: 240_000 });
  expect(reloaded).toBe(false);

  const video = card.locator("video");
  await expect(video).toBeVisible();
  const state = await video.evaluate(async (el: HTMLVideoElement) => {
    el.muted = true;
    if (el.readyState < 1)
      await new Promise((resolve, reject) => {
        el.addEventListener("loadedmetadata", resolve, { once: true });
        el.addEventListener("error", () => reject(new Error(`video error ${el.error?.code}`)), { once: true });
        el.load();
      });
    await el.play();
    const start = el.currentTime;
    await new Promise((r) => setTimeout(r, 1200));
    return { duration: el.duration, readyState: el.readyState, advanced: el.currentTime - start, width: el.videoWidth, height: el.videoHeight };
  });
  expect(state.duration).toBeGreaterThan(2);
  expect(state.readyState).toBeGreaterThanOrEqual(2);
  expect(state.advanced).toBeGreaterThan(0.2);
  expect(state.height).toBeGreaterThan(state.width); // 9:16

  // SEO title and hashtags on the card; 20 credits charged.
  await expect(card.getByText(/#\w+/).first()).toBeVisible();
  // The poster frame and a Download named after the title (issue 14 §5, docs/decisions/198, 200).
  await expect(video).toHaveAttribute("poster", /\/resources\/files\/renders\/.+\.jpg$/);
  const download = card.getByRole("link", { name: /^Download / });
  await expect(download).toHaveAttribute("download", /^[a-z0-9-]+\.mp4$/);
  const file = await page.request.get((await download.getAttribute("href"))!);
  expect(file.headers()["content-disposition"]).toMatch(/^attachment; filename="[a-z0-9-]+\.mp4"$/);

  // The public/private switch changes through a fetcher once the page runs: a toast, no
  // navigation, and the new state is what the server shows after a reload.
  const toggle = card.getByRole("switch");
  const wasPublic = (await toggle.getAttribute("aria-checked")) === "true";
  await toggle.click();
  await expect(page.getByText("Visibility updated")).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-checked", String(!wasPublic));
  expect(reloaded).toBe(false);
  // Reloads send the card as kept markup (ADR 406): the browser hydrates it without a mismatch, and
  // the switch then works through the fetcher again.
  const hydrationErrors = watchHydrationErrors(page);
  await page.reload();
  await page.reload();
  const reloadedCard = storyCard(page, "Meet Aurora, the serum for a morning glow.");
  await expect(reloadedCard.getByRole("switch")).toHaveAttribute("aria-checked", String(!wasPublic));
  await expect(reloadedCard.getByRole("button", { name: "Copy script" })).toBeEnabled();
  await reloadedCard.getByRole("switch").click();
  await expect(reloadedCard.getByRole("switch")).toHaveAttribute("aria-checked", String(wasPublic));
  expect(hydrationErrors).toEqual([]);

  expect(await creditsOnCard(page)).toBe(before - 20);

  // The caption choice is remembered: the dialog opens with it (ADR 350).
  await page.goto("/create-video?new=1");
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("group", { name: "Caption style" }).getByRole("radio", { name: "Karaoke" })).toBeChecked();
  await expect(dialog.getByRole("group", { name: "Caption position" }).getByRole("radio", { name: "Upper" })).toBeChecked();
  await expect(dialog.getByRole("group", { name: "Caption size" }).getByRole("radio", { name: "Style's own" })).toBeChecked();
});

test("a Ready card makes another size: the price is shown first, the variant appears under its original and plays at 16:9", async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, DEMO_USER);
  const before = await creditsOnCard(page);
  await page.goto("/");
  const card = storyCard(page, "Meet Aurora, the serum for a morning glow.").first();
  await card.getByRole("link", { name: "Make another size" }).click();
  await expect(page.getByRole("heading", { name: "Make another size" })).toBeVisible();
  await expectAccessible(page, "make another size / variants");
  // 2 scenes x (image 1 + video 2) + compile 2 (docs/decisions/215-story-variants.md).
  await page.getByRole("button", { name: "Make 16:9 Landscape (YouTube, websites) (8 credits)" }).click();
  await expect(page.getByText("Your video is being made in another size")).toBeVisible();
  const variants = storyCard(page, "Meet Aurora, the serum for a morning glow.").first().locator("details");
  await expect(variants.locator("summary")).toHaveText("Variants (1)");
  await variants.locator("summary").click();
  const item = variants.getByRole("listitem");
  await expect(item.getByText("Ready", { exact: true })).toBeVisible({ timeout: 180_000 });
  const size = await item.locator("video").evaluate(async (el: HTMLVideoElement) => {
    if (el.readyState < 1) await new Promise((resolve) => el.addEventListener("loadedmetadata", resolve, { once: true }));
    return { width: el.videoWidth, height: el.videoHeight };
  });
  expect(size.width).toBeGreaterThan(size.height);
  await expect(item.getByRole("link", { name: /^Download / })).toBeVisible();
  // The live updates reloaded the page's data meanwhile: the message stays until the user leaves.
  await expect(page.getByTestId("flash-message")).toContainText("Your video is being made in another size");
  expect(await creditsOnCard(page)).toBe(before - 8);
  await expect(page.getByTestId("flash-message")).toHaveCount(0);
});

test("a provider failure refunds the credits and shows the failed card", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO_USER);
  const before = await creditsOnCard(page);

  const script = "Glow all day with Faultline serum.";
  await createVideo(page, script);
  const card = storyCard(page, script);
  await expect(card.getByText("Failed", { exact: true })).toBeVisible({ timeout: 120_000 });
  await expect(card.getByText("This video could not be made")).toBeVisible();
  await expect(card.getByText(/^Failed while voice-over: /)).toBeVisible();

  // Charged at submission, refunded by the workflow: the balance is back where it was.
  await expect.poll(async () => creditsOnCard(page), { timeout: 30_000 }).toBe(before);
  await page.goto("/notifications");
  await expect(page.getByText("Your video could not be created").first()).toBeVisible();
  await expect(page.getByText(/Your 20 credits were refunded\./).first()).toBeVisible();
});
