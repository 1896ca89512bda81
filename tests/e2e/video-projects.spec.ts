// Issue 10 §3: the admin manages a video project on /video-projects: the history (open without a
// project), creates a project, adds a scene, sees the cost before generating, compiles it with
// real progress, plays the result and deletes the project. The page at phone and desktop widths.
// Run with `node scripts/e2e.mjs tests/e2e/video-projects.spec.ts`.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, signIn } from "./support/sign-in";

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
