// Issue 10 §3: the admin manages a video project on /video-projects: the history (open without a
// project), creates a project, adds a scene, sees the cost before generating, compiles it with
// real progress, plays the result and deletes the project; creates a scene automatically from a
// product image (the eight steps followed live), uses Analyze Project, Optimize Scenes, Suggest
// Improvements and Enhance Scene, generates assets, compiles and downloads the video; the same
// forms without JavaScript. The page at phone and desktop widths.
// Run with `node scripts/e2e.mjs tests/e2e/video-projects.spec.ts`.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { productPhoto } from "../providers/fixtures";
import { DEMO_ADMIN, signIn } from "./support/sign-in";
import { watchHydrationErrors } from "./support/hydration";

function projectData(...args: string[]): unknown {
  const tsx = path.join(process.cwd(), "node_modules/.bin/tsx");
  const out = execFileSync(tsx, ["tests/e2e/support/video-projects-data.ts", ...args], { encoding: "utf8", env: process.env, timeout: 60_000 });
  return JSON.parse(out.trim().split("\n").at(-1)!);
}

test("the admin creates a project, adds a scene, compiles it and plays the video", async ({ page }) => {
  test.setTimeout(300_000);
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(String(error.stack ?? error)));
  await signIn(page, DEMO_ADMIN);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/video-projects");
  await expect(page.getByRole("heading", { name: "Video Project Management", level: 1 })).toBeVisible();
  await expect(page.getByText("Create and manage video projects with AI-powered assistance")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Project History" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "AI Assistant" })).toBeVisible();
  await expect(page.getByPlaceholder("Ask the AI assistant...")).toBeVisible();

  const name = `Serum e2e ${Date.now().toString(36)}`;
  await page.getByLabel("Project Name").fill(name);
  await page.getByLabel("Description").fill("A morning serum ad");
  await page.getByRole("button", { name: "Create Project" }).click();
  await expect(page).toHaveURL(/\/video-projects\/[A-Za-z0-9_-]+$/);
  const projectId = page.url().split("/").at(-1)!;
  await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
  await expect(page.getByText("0 scene(s) available")).toBeVisible();
  await expect(page.getByRole("button", { name: "Compile Full Video" })).toBeDisabled();

  await page.getByLabel("Scene Name").fill("Morning routine");
  await page.getByLabel("Description").fill("Mornings are hard. Meet the serum that wakes your skin up.");
  await page.getByRole("button", { name: "Add Scene" }).click();
  const card = page.getByTestId("scene-card").filter({ hasText: "Morning routine" });
  await expect(card).toBeVisible();
  await expect(page.getByText("1 scene(s) available")).toBeVisible();
  await expect(card.getByText(/^Cost: [\d.]+ credits$/)).toBeVisible();

  // Without a product image the asset steps stop at the image, with the product's message.
  page.once("dialog", (dialog) => void dialog.accept());
  await card.getByRole("button", { name: "Generate Assets" }).click();
  await expect(card.getByText(/^Failed while image: Upload a product image first/)).toBeVisible();

  // History toggle, then the page at both widths.
  await page.getByRole("link", { name: "Project History" }).click();
  await expect(page.getByTestId("project-card").filter({ hasText: name })).toBeVisible();
  await page.screenshot({ path: "tests/.tmp/video-projects-1280.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Project History" })).toBeVisible();
  await page.screenshot({ path: "tests/.tmp/video-projects-390.png", fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("link", { name: "Hide History" }).click();

  // With a product image, the compile prepares the scene and renders it.
  expect(projectData("photo", projectId)).toEqual({ ok: true });
  await page.reload();
  await page.getByLabel("Output Format").selectOption("mp4");
  await expect(page.getByText(/^Cost: [\d.]+ credits$/).last()).toBeVisible();
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Compile Full Video" }).click();
  await expect(page.getByRole("button", { name: "Compiling..." })).toBeVisible();
  const video = page.getByTestId("compiled-video");
  await expect(video).toBeVisible({ timeout: 240_000 });
  await expect(page.getByRole("link", { name: "Open in new tab" })).toBeVisible();
  // The page keeps reading the job until the workflow's last step wrote its final message.
  await expect(page.getByTestId("compile-message")).toHaveText("Video compilation complete!", { timeout: 20_000 });
  await expect(page.getByText("completed", { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("link", { name: "Download" })).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  // The player shows the render's poster frame before it plays, and the poster is served.
  const poster = await video.getAttribute("poster");
  expect(poster).toBeTruthy();
  expect((await page.request.get(poster!)).headers()["content-type"]).toMatch(/^image\//);
  await page.screenshot({ path: "tests/.tmp/video-projects-compiled-1280.png", fullPage: true });

  // Deleting the open project asks first, then goes back to the list with the history open.
  await page.getByRole("link", { name: "Project History" }).click();
  const historyCard = page.getByTestId("project-card").filter({ hasText: name });
  let asked = "";
  page.once("dialog", (dialog) => {
    asked = dialog.message();
    void dialog.accept();
  });
  await historyCard.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/video-projects\?history=open$/);
  expect(asked).toBe(`Are you sure you want to delete project "${name}"?`);
  await expect(page.getByTestId("project-card").filter({ hasText: name })).toHaveCount(0);
  expect(problems).toEqual([]);
});

test("automated scene creation from a product image, the planner's actions, Generate Assets, compile and download", async ({ page }) => {
  test.setTimeout(480_000);
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(String(error.stack ?? error)));
  await signIn(page, DEMO_ADMIN);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/video-projects");
  const name = `Auto e2e ${Date.now().toString(36)}`;
  await page.getByLabel("Project Name").fill(name);
  await page.getByRole("button", { name: "Create Project" }).click();
  await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
  const projectId = page.url().split("/").at(-1)!;

  // The form: images only, disabled until one is chosen, its cost shown first.
  const create = page.getByRole("button", { name: "Create Scene Automatically" });
  await expect(create).toBeDisabled();
  await expect(page.getByText("Product image is required")).toBeVisible();
  await expect(page.getByLabel("Product image", { exact: true })).toHaveAttribute("accept", "image/*");
  await expect(page.getByText(/^Cost: 3\.5 credits/)).toBeVisible();
  await page
    .getByLabel("Product image", { exact: true })
    .setInputFiles({ name: "serum.jpg", mimeType: "image/jpeg", buffer: await productPhoto({ width: 480, height: 640 }) });
  await page.getByPlaceholder("Describe the scene you want to create...").fill("Serum bottle on a marble bathroom counter at sunrise. Wake up your skin.");
  await expect(create).toBeEnabled();
  await create.click();
  await expect(page.getByRole("button", { name: "Creating Scene..." })).toBeVisible();
  // The real steps, followed live: the first four done in the request, then the workflow's.
  const steps = page.getByRole("list", { name: "Steps" });
  await expect(steps.getByRole("listitem")).toHaveCount(8, { timeout: 30_000 });
  await expect(steps.getByRole("listitem").nth(3)).toHaveAttribute("data-state", "done");
  await expect(page.getByTestId("auto-scene-message")).toHaveText("Scene created successfully!", { timeout: 240_000 });
  await expect(steps.locator('[data-state="done"]')).toHaveCount(8);
  const result = page.getByTestId("auto-scene-result");
  await expect(result.getByRole("img")).toBeVisible();
  await expect(result.getByTestId("auto-scene-video")).toBeVisible();
  await expect(result.getByText("Serum bottle on a marble bathroom counter at sunrise.", { exact: false })).toBeVisible();
  const autoCard = page.getByTestId("scene-card").filter({ hasText: "Serum bottle on a marble" });
  await expect(autoCard.getByText("Has Image")).toBeVisible();
  await expect(autoCard.getByText("Has Video")).toBeVisible();
  await page.screenshot({ path: "tests/.tmp/video-projects-auto-1280.png", fullPage: true });

  // A second scene, made with Generate Assets (the project's main image as its product image).
  await page.getByLabel("Scene Name").fill("Morning routine");
  await page.getByLabel("Description", { exact: true }).fill("Mornings are hard. Meet the serum that wakes your skin up.");
  await page.getByRole("button", { name: "Add Scene" }).click();
  const card = page.getByTestId("scene-card").filter({ hasText: "Morning routine" });
  await expect(card).toBeVisible();
  expect(projectData("photo", projectId)).toEqual({ ok: true });
  await page.reload();
  page.once("dialog", (dialog) => void dialog.accept());
  await card.getByRole("button", { name: "Generate Assets" }).click();
  await expect(card.getByText("Has Video")).toBeVisible({ timeout: 240_000 });

  // Reloads send the scene cards as kept markup (ADR 407): the browser hydrates them without a
  // mismatch, and their forms then post through fetchers (the page is not loaded again).
  const hydrationErrors = watchHydrationErrors(page);
  await page.reload();
  await page.reload();
  await expect(card).toBeVisible();
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  // The planner's actions.
  await page.getByRole("button", { name: "Analyze Project" }).click();
  const analysis = page.getByTestId("ai-analysis");
  await expect(analysis.getByRole("heading", { name: "AI Analysis" })).toBeVisible();
  await expect(analysis.getByText(/^2 scenes, /)).toBeVisible();
  await page.getByRole("button", { name: "Optimize Scenes" }).click();
  await expect(page.getByTestId("scene-order-proposal")).toBeVisible();
  await card.getByRole("button", { name: "Suggest Improvements" }).click();
  await expect(card.getByTestId("scene-suggestions")).toBeVisible();
  await card.getByRole("button", { name: "Enhance Scene" }).click();
  // Enhance Scene proposes; nothing changes until the proposal is accepted.
  const proposal = card.getByTestId("description-proposal");
  await expect(proposal.getByText("Here is a proposed description. Use it, or keep yours: nothing has changed yet.")).toBeVisible();
  await proposal.getByRole("button", { name: "Use this description" }).click();
  await expect(card.getByText("Scene description updated.")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  expect(hydrationErrors).toEqual([]);

  // Compile, then download the video.
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Compile Full Video" }).click();
  await expect(page.getByTestId("compile-message")).toHaveText("Video compilation complete!", { timeout: 240_000 });
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download" }).click()]);
  const file = await download.path();
  expect(file).toBeTruthy();
  const { statSync } = await import("node:fs");
  expect(statSync(file!).size).toBeGreaterThan(1000);
  await page.screenshot({ path: "tests/.tmp/video-projects-auto-compiled-1280.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
  await page.screenshot({ path: "tests/.tmp/video-projects-auto-390.png", fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(problems).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the forms post to the page's action: create, add a scene, delete after the page's confirmation", async ({ page }) => {
    await signIn(page, DEMO_ADMIN);
    await page.goto("/video-projects");
    const name = `No JS ${Date.now().toString(36)}`;
    await page.getByLabel("Project Name").fill(name);
    await page.getByRole("button", { name: "Create Project" }).click();
    await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
    await page.getByLabel("Scene Name").fill("Opening");
    await page.getByRole("button", { name: "Add Scene" }).click();
    await expect(page.getByTestId("scene-card").filter({ hasText: "Opening" })).toBeVisible();
    await expect(page.getByText("1 scene(s) available")).toBeVisible();

    // The planner's actions and the automated scene creation are plain form posts too.
    await page.getByRole("button", { name: "Analyze Project" }).click();
    await expect(page.getByTestId("ai-analysis").getByText(/^1 scene, 0 ready for compilation/)).toBeVisible();
    await page.getByTestId("scene-card").filter({ hasText: "Opening" }).getByRole("button", { name: "Suggest Improvements" }).click();
    await expect(page.getByTestId("scene-suggestions")).toBeVisible();
    await page.getByRole("button", { name: "Create Scene Automatically" }).click();
    // The browser refuses the form without a picture (required); the page says why.
    await expect(page.getByRole("list", { name: "Steps" })).toHaveCount(0);
    await page
      .getByLabel("Product image", { exact: true })
      .setInputFiles({ name: "serum.jpg", mimeType: "image/jpeg", buffer: await productPhoto({ width: 300, height: 400 }) });
    await page.getByPlaceholder("Describe the scene you want to create...").fill("Serum on a shelf");
    await page.getByRole("button", { name: "Create Scene Automatically" }).click();
    await expect(page).toHaveURL(/\?auto=/);
    const steps = page.getByRole("list", { name: "Steps" });
    await expect(steps.getByRole("listitem")).toHaveCount(8);
    await expect(steps.locator('[data-state="done"]').first()).toBeVisible();
    await expect(page.getByTestId("scene-card").filter({ hasText: "Serum on a shelf" })).toBeVisible();

    await page.getByRole("link", { name: "Project History" }).click();
    await page.getByTestId("project-card").filter({ hasText: name }).getByRole("button", { name: "Delete" }).click();
    const confirmation = page.getByRole("alertdialog", { name: "Delete project" });
    await expect(confirmation.getByText(`Are you sure you want to delete project "${name}"?`)).toBeVisible();
    await expect(page.getByTestId("project-card").filter({ hasText: name })).toHaveCount(1);
    await confirmation.getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL(/\/video-projects\?history=open$/);
    await expect(page.getByTestId("project-card").filter({ hasText: name })).toHaveCount(0);
  });
});
