// Issue 10, the canvas editor (docs/product.md#canvas-editor): the admin creates a project
// on /canvas, uploads its product image and several assets at once, writes and divides the
// script, generates one scene's image, voice-over and video (the cost shown before Confirm),
// edits the scene's text (shown at once; a refused save rolls back with its message), sees the
// voice-over go stale, regenerates it, composes background music, compiles and plays the video.
// Screenshots at 390 px and 1280 px go to tests/.tmp/. Run with `node scripts/e2e.mjs tests/e2e/canvas.spec.ts`.
import { expect, test, type Page } from "@playwright/test";
import { png, wav } from "../fixtures/storage-media";
import { productPhoto } from "../providers/fixtures";
import { DEMO_ADMIN, signIn } from "./support/sign-in";

/** Asks for the cost of a step, checks it is shown, confirms, and waits for the request to be taken. */
async function generate(page: Page, step: "image" | "voice-over" | "video", button: string | RegExp) {
  const card = page.getByTestId(`asset-${step}`);
  // A link to the priced Confirm step (?confirm=step) that, with JavaScript, asks through a fetcher.
  await card.getByRole("link", { name: button }).click();
  await expect(card.getByText(/^This costs [\d.]+ credits \(balance [\d.]+\)\.$/)).toBeVisible();
  await card.getByRole("button", { name: "Confirm" }).click();
  await expect(card.getByText(/generation started \([\d.]+ credits\)$/)).toBeVisible();
}

test("the admin takes a canvas project from a script to a compiled video, editing one scene on the way", async ({ page, context }) => {
  test.setTimeout(480_000);
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(String(error.stack ?? error)));
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, DEMO_ADMIN);
  await page.goto("/canvas");
  const picker = page.getByRole("heading", { name: "Select a Project" });
  if (await picker.isVisible()) {
    await page.getByRole("link", { name: "Multi-Agent Chat" }).click();
    await expect(page.getByText("Please select a project first.")).toBeVisible();
    await page.getByRole("link", { name: "New Project" }).click();
  }
  const form = page.getByRole("form", { name: "Create New Project" });
  const create = form.getByRole("button", { name: "Create Project" });
  await expect(create).toBeDisabled();
  await form.getByLabel("Project Title").fill("   ");
  await expect(create).toBeDisabled();
  const title = `Spring serum ${Date.now().toString(36)}`;
  await form.getByLabel("Project Title").fill(title);
  await form.getByLabel(/Description/).fill("A short ad");
  await create.click();
  await expect(page).toHaveURL(/\/canvas\/[A-Za-z0-9_-]+$/); // through /canvas?projectId=
  await expect(page.getByLabel("Project title")).toHaveValue(title);

  // The product image, then two assets picked at once (an image and an audio file).
  await page.getByLabel("Main image").setInputFiles({ name: "product.jpg", mimeType: "image/jpeg", buffer: await productPhoto({ width: 400, height: 520 }) });
  await expect(page.getByRole("button", { name: "Remove main image" })).toBeVisible();
  await page.getByLabel("Add images, videos or audio files").setInputFiles([
    { name: "logo.png", mimeType: "image/png", buffer: png(8, 8) },
    { name: "jingle.wav", mimeType: "audio/wav", buffer: wav(8000) },
  ]);
  await expect(page.getByText("2 asset(s) uploaded successfully.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Project assets (2)" })).toBeVisible();
  const assetRow = page.getByRole("listitem").filter({ hasText: "jingle.wav" });
  await expect(assetRow.getByText("audio", { exact: true })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "logo.png" }).getByText("image", { exact: true })).toBeVisible();
  await assetRow.getByRole("button", { name: "Remove jingle.wav" }).click();
  await expect(page.getByRole("heading", { name: "Project assets (1)" })).toBeVisible();

  const script = page.getByLabel("Full Script");
  const save = page.getByRole("button", { name: "Save", exact: true });
  await expect(save).toBeDisabled();
  await script.fill("Scene 1: Mornings are hard when your skin feels tired.\nScene 2: Order yours today.");
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText("Project changes saved.")).toBeVisible();
  await expect(save).toBeDisabled();
  await page.getByRole("button", { name: "Divide into Scenes" }).click();
  await expect(page.getByText(/Script divided into scenes\. Generated image prompts for \d+ out of \d+ scenes/)).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: "tests/.tmp/canvas-script-1280.png", fullPage: true });

  // One scene is enough for the video: the others are deleted (after the confirmation).
  await page.getByRole("link", { name: "Scenes", exact: true }).click();
  await expect(page.getByText("No Scene Selected")).toBeVisible();
  const first = page.getByRole("link", { name: /^1\. / });
  await expect(first).toBeVisible();
  page.on("dialog", (dialog) => void dialog.accept());
  const rows = page.getByRole("link", { name: /^Delete scene / });
  while ((await rows.count()) > 1) {
    const before = await rows.count();
    await rows.last().click();
    await expect(rows).toHaveCount(before - 1);
  }
  await first.click();
  await expect(page.getByRole("heading", { name: "Basic Information" })).toBeVisible();
  await expect(page.getByText("In Progress", { exact: true })).toBeVisible();

  // Image, voice-over, video: each priced and confirmed; the page follows the workflow live.
  await generate(page, "image", "Generate image");
  await expect(page.getByTestId("asset-image").getByRole("img", { name: "Scene Image" })).toBeVisible({ timeout: 120_000 });
  await generate(page, "voice-over", "Generate voice-over");
  await expect(page.getByTestId("asset-voice-over").locator("audio")).toBeVisible({ timeout: 120_000 });
  await generate(page, "video", "Generate video");
  await expect(page.getByTestId("asset-video").locator("video")).toBeVisible({ timeout: 180_000 });
  await expect(page.getByText("Complete", { exact: true })).toBeVisible();

  // A refused save rolls back: the saved title comes back with the product's message.
  const sceneTitle = page.getByLabel("Title", { exact: true });
  const savedTitle = await sceneTitle.inputValue();
  const titleForm = page.locator("form", { has: sceneTitle });
  await sceneTitle.fill("x".repeat(201));
  await titleForm.getByRole("button", { name: "Save" }).click();
  await expect(titleForm.getByRole("alert")).toHaveText(/^Failed to update Title: .*200/);
  await expect(sceneTitle).toHaveValue(savedTitle);

  // Editing the voice-over text shows at once in the list (the save is held back a moment),
  // then makes the voice-over stale.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/canvas\//, async (route) => {
    if (route.request().method() === "POST" && (route.request().postData() ?? "").includes("intent=edit-scene")) await held;
    await route.continue();
  });
  const voiceOver = page.getByLabel("Voice-over text");
  const voiceForm = page.locator("form", { has: voiceOver });
  await voiceOver.fill("Tired mornings? Not anymore.");
  await voiceForm.getByRole("button", { name: "Save" }).click();
  await expect(first).toContainText("Tired mornings? Not anymore.");
  release();
  await expect(voiceForm.getByRole("button", { name: "Save" })).toBeDisabled();
  await expect(voiceForm.getByText("Voice-over text updated successfully")).toBeVisible();
  await page.unroute(/\/canvas\//);
  const voiceCard = page.getByTestId("asset-voice-over");
  await expect(voiceCard.getByText("stale", { exact: true })).toBeVisible();
  await page.screenshot({ path: "tests/.tmp/canvas-stale-1280.png", fullPage: true });
  await generate(page, "voice-over", "Regenerate");
  await expect(voiceCard.getByText("stale", { exact: true })).toHaveCount(0, { timeout: 120_000 });
  await voiceCard.getByText(/^Versions \(\d+\)$/).click();
  await expect(voiceCard.getByRole("button", { name: "Restore" })).toBeVisible();

  // Background music: composed, shown with Copy URL.
  const music = page.getByTestId("asset-music");
  await music.getByRole("button", { name: "Generate music" }).click();
  await expect(music.getByText("Background music generated")).toBeVisible({ timeout: 60_000 });
  await expect(music.locator("audio")).toBeVisible();
  await music.getByRole("button", { name: "Copy Background music URL" }).click();
  await expect(music.getByText("Background music copied to clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/resources\/files\/canvas-assets\//);

  // Compile (the stale video is made again first) and play.
  await page.getByLabel("Output Format").selectOption("webm");
  await expect(page.getByText("1 scene(s) available")).toBeVisible();
  await page.getByRole("button", { name: "Compile Full Video" }).click();
  const video = page.getByTestId("compiled-video");
  await expect(video).toBeVisible({ timeout: 300_000 });
  await expect(page.getByTestId("compile-message")).toHaveText("Video compilation complete!", { timeout: 30_000 });
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0);

  await page.screenshot({ path: "tests/.tmp/canvas-scenes-1280.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Basic Information" })).toBeVisible();
  await page.screenshot({ path: "tests/.tmp/canvas-scenes-390.png", fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(problems).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the editor's forms post to its action: create, rename, upload the main image and assets, save the script, divide, edit a scene, generate after the cost, delete after a confirm", async ({
    page,
  }) => {
    await signIn(page, DEMO_ADMIN);
    await page.goto("/canvas?new=1");
    const title = `No JS canvas ${Date.now().toString(36)}`;
    const form = page.getByRole("form", { name: "Create New Project" });
    await form.getByLabel("Project Title").fill(title);
    await form.getByRole("button", { name: "Create Project" }).click();
    await expect(page).toHaveURL(/\/canvas\/[A-Za-z0-9_-]+$/);
    await expect(page.getByLabel("Project title")).toHaveValue(title);

    await page.getByLabel("Project title").fill(`${title} v2`);
    await page
      .locator("form", { has: page.getByLabel("Project title") })
      .getByRole("button", { name: "Save" })
      .click();
    await expect(page.getByLabel("Project title")).toHaveValue(`${title} v2`);

    // The main image and the project assets post as multipart forms.
    await page.getByLabel("Main image").setInputFiles({ name: "product.png", mimeType: "image/png", buffer: png(16, 16) });
    await page.getByRole("button", { name: "Upload main image" }).click();
    await expect(page.getByText("Main project image updated successfully")).toBeVisible();
    await expect(page.getByRole("button", { name: "Remove main image" })).toBeVisible();
    await page.getByLabel("Add images, videos or audio files").setInputFiles([
      { name: "logo.png", mimeType: "image/png", buffer: png(8, 8) },
      { name: "jingle.wav", mimeType: "audio/wav", buffer: wav(8000) },
    ]);
    await page.getByRole("button", { name: "Upload assets" }).click();
    await expect(page.getByText("2 asset(s) uploaded successfully.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Project assets (2)" })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "jingle.wav" }).getByText("audio", { exact: true })).toBeVisible();

    await page.getByLabel("Full Script").fill("Scene 1: Mornings are hard.\nScene 2: Order today.");
    await page.getByRole("button", { name: "Save", exact: true }).last().click();
    await expect(page.getByLabel("Full Script")).toHaveValue("Scene 1: Mornings are hard.\nScene 2: Order today.");
    await page.getByRole("button", { name: "Divide into Scenes" }).click();
    await page.getByRole("link", { name: "Scenes", exact: true }).click();
    await page.getByRole("link", { name: /^1\. / }).click();
    const voiceOver = page.getByLabel("Voice-over text");
    await voiceOver.fill("Tired mornings? Not anymore.");
    await page.locator("form", { has: voiceOver }).getByRole("button", { name: "Save" }).click();
    await expect(page.getByLabel("Voice-over text")).toHaveValue("Tired mornings? Not anymore.");
    await expect(page.getByRole("link", { name: /^1\. / })).toContainText("Tired mornings? Not anymore.");

    // Generating a scene asset: the cost first (a page of its own), then Confirm posts the generation.
    const voiceCard = page.getByTestId("asset-voice-over");
    await voiceCard.getByRole("link", { name: "Generate voice-over" }).click();
    await expect(page).toHaveURL(/confirm=voice-over/);
    await expect(voiceCard.getByText(/^This costs [\d.]+ credits \(balance [\d.]+\)\.$/)).toBeVisible();
    await voiceCard.getByRole("link", { name: "Cancel" }).click();
    await expect(voiceCard.getByText(/^This costs/)).toHaveCount(0);
    await voiceCard.getByRole("link", { name: "Generate voice-over" }).click();
    await voiceCard.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText(/^Voice-over generation started \([\d.]+ credits\)$/)).toBeVisible();
    await expect(page).not.toHaveURL(/confirm=/);

    // Deleting a scene asks first (?confirmDelete=), and Cancel keeps it.
    const deleteLinks = page.getByRole("link", { name: /^Delete scene / });
    const scenesBefore = await deleteLinks.count();
    expect(scenesBefore).toBeGreaterThan(1);
    await deleteLinks.last().click();
    await expect(page).toHaveURL(/confirmDelete=/);
    const ask = page.getByRole("group", { name: "Confirm delete" });
    await expect(ask.getByText("Are you sure you want to delete this scene?")).toBeVisible();
    await ask.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("group", { name: "Confirm delete" })).toHaveCount(0);
    await expect(deleteLinks).toHaveCount(scenesBefore);
    await deleteLinks.last().click();
    await page
      .getByRole("group", { name: "Confirm delete" })
      .getByRole("button", { name: /^Delete scene .* now$/ })
      .click();
    await expect(page.getByText("Scene deleted")).toBeVisible();
    await expect(page.getByRole("link", { name: /^Delete scene / })).toHaveCount(scenesBefore - 1);
    await expect(page).not.toHaveURL(/confirmDelete=/);
  });
});

test("a save that gets no answer (network failure, server error) rolls back with its message, not the error page", async ({ page }) => {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(String(error.stack ?? error)));
  await signIn(page, DEMO_ADMIN);
  await page.goto("/canvas?new=1");
  const title = `Offline canvas ${Date.now().toString(36)}`;
  const form = page.getByRole("form", { name: "Create New Project" });
  await form.getByLabel("Project Title").fill(title);
  await form.getByRole("button", { name: "Create Project" }).click();
  await expect(page).toHaveURL(/\/canvas\/[A-Za-z0-9_-]+$/);
  const titleInput = page.getByLabel("Project title");
  await expect(titleInput).toHaveValue(title);
  // The title's own Save (it shows only while the title is changed; the script's is disabled then).
  const saveTitle = page.locator("form", { has: titleInput }).getByRole("button", { name: "Save" });

  // Only the action's POST fails; the page's loaders still answer.
  let failWith: "network" | 500 = "network";
  const singleFetch = (url: URL) => url.pathname.endsWith(".data");
  await page.route(singleFetch, (route) => {
    if (route.request().method() !== "POST") return route.continue();
    return failWith === "network" ? route.abort("failed") : route.fulfill({ status: 500, body: "Unexpected Server Error" });
  });
  await titleInput.fill(`${title} offline`);
  await expect(titleInput).toHaveValue(`${title} offline`);
  await saveTitle.click();
  await expect(page.getByText(/^Failed to update title: .+/)).toBeVisible();
  await expect(titleInput).toHaveValue(title);

  failWith = 500;
  await titleInput.fill(`${title} broken`);
  await expect(titleInput).toHaveValue(`${title} broken`);
  await saveTitle.click();
  await expect(page.getByText(/^Failed to update title: .+/)).toBeVisible();
  await expect(titleInput).toHaveValue(title);

  const script = page.getByLabel("Full Script");
  await script.fill("Scene 1: Lost in transit.");
  await page.getByRole("button", { name: "Save", exact: true }).last().click();
  await expect(page.getByText(/^Failed to save script: .+/)).toBeVisible();
  await expect(script).toHaveValue("");

  await page.unroute(singleFetch);
  await titleInput.fill(`${title} back`);
  await expect(titleInput).toHaveValue(`${title} back`);
  await saveTitle.click();
  await expect(page.getByText("Project changes saved.")).toBeVisible();
  await expect(titleInput).toHaveValue(`${title} back`);
  expect(problems).toEqual([]);
});
