// Issue 10 §1, the canvas editor (docs/product.md#canvas-editor-planned): the admin creates a
// project on /canvas, writes the full script, saves it, divides it into scenes, opens a scene
// and edits its voice-over text. Screenshots of the editor at 390 px and 1280 px go to
// tests/.tmp/ for a look. Run with `node scripts/e2e.mjs tests/e2e/canvas.spec.ts`.
import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, signIn } from "./support/sign-in";

test("the admin creates a project, writes and divides its script, and edits a scene", async ({ page }) => {
  test.setTimeout(120_000);
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

  const script = page.getByLabel("Full Script");
  const save = page.getByRole("button", { name: "Save", exact: true });
  await expect(save).toBeDisabled();
  await script.fill("Scene 1: Mornings are hard when your skin feels tired.\nScene 2: Meet the serum that wakes it up.\nScene 3: Order yours today.");
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText("Script saved")).toBeVisible();
  await expect(save).toBeDisabled();
  await page.getByRole("button", { name: "Divide into Scenes" }).click();
  await expect(page.getByText(/Script divided into scenes\. Generated image prompts for \d+ out of \d+ scenes/)).toBeVisible({ timeout: 30_000 });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "tests/.tmp/canvas-script-1280.png", fullPage: true });

  await page.getByRole("link", { name: "Scenes", exact: true }).click();
  const first = page.getByRole("link", { name: /^1\. / });
  await expect(first).toBeVisible();
  await expect(page.getByText("No Scene Selected")).toBeVisible();
  await first.click();
  await expect(page.getByRole("heading", { name: "Basic Information" })).toBeVisible();
  await expect(page.getByText(/^(Complete|In Progress)$/)).toBeVisible();
  const voiceOver = page.getByLabel("Voice-over text");
  const voiceForm = page.locator("form", { has: voiceOver });
  const saveVoice = voiceForm.getByRole("button", { name: "Save" });
  await expect(saveVoice).toBeDisabled();
  await voiceOver.fill("Tired mornings? Not anymore.");
  await saveVoice.click();
  await expect(saveVoice).toBeDisabled();
  await expect(first).toContainText("1. ");
  await expect(page.getByText("Tired mornings? Not anymore.").first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Voice-over text")).toHaveValue("Tired mornings? Not anymore.");

  await page.screenshot({ path: "tests/.tmp/canvas-scenes-1280.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "tests/.tmp/canvas-scenes-390.png", fullPage: true });
});
