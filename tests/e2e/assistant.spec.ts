// Issue 12: an admin asks the assistant on /video-projects/{id} to add a scene and generate its
// assets; the reply's tasks complete one after the other and the scene appears in the project,
// with its image and video. No model is configured in e2e: the local planner answers, and the
// chat says so. The chat without JavaScript posts the same form and shows the finished reply.
// Run with `node scripts/e2e.mjs tests/e2e/assistant.spec.ts`.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, signIn } from "./support/sign-in";

function projectData(...args: string[]): unknown {
  const tsx = path.join(process.cwd(), "node_modules/.bin/tsx");
  const out = execFileSync(tsx, ["tests/e2e/support/video-projects-data.ts", ...args], { encoding: "utf8", env: process.env, timeout: 60_000 });
  return JSON.parse(out.trim().split("\n").at(-1)!);
}

async function newProject(page: import("@playwright/test").Page, name: string): Promise<string> {
  await page.goto("/video-projects");
  await page.getByLabel("Project Name").fill(name);
  await page.getByRole("button", { name: "Create Project" }).click();
  await expect(page).toHaveURL(/\/video-projects\/[A-Za-z0-9_-]+$/);
  return page.url().split("/").at(-1)!;
}

test("the admin asks the assistant to add a scene and generate its assets", async ({ page }) => {
  test.setTimeout(300_000);
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(String(error.stack ?? error)));
  await signIn(page, DEMO_ADMIN);
  await page.setViewportSize({ width: 1280, height: 900 });
  const projectId = await newProject(page, `Assistant e2e ${Date.now().toString(36)}`);
  expect(projectData("photo", projectId)).toEqual({ ok: true });
  await page.reload();

  const chat = page.getByRole("complementary", { name: "AI Assistant" });
  await expect(chat.getByRole("heading", { name: "AI Assistant" })).toBeVisible();
  await expect(chat.getByTestId("assistant-provider")).toContainText("runs on the local planner");
  const input = chat.getByPlaceholder("Ask the AI assistant...");
  await expect(chat.getByRole("button", { name: "Send" })).toBeDisabled();
  await input.fill("Add a scene about the serum on a marble shelf and generate its assets");
  await chat.getByRole("button", { name: "Send" }).click();
  await expect(chat.getByText("AI is thinking...")).toBeVisible();
  await expect(chat.getByRole("button", { name: "Send" })).toBeDisabled();

  // The free step runs; the paid steps wait with their price (ADR 256).
  const asked = chat.getByTestId("chat-message-assistant").last();
  await expect(asked).toHaveAttribute("data-status", "completed", { timeout: 60_000 });
  await expect(asked.getByTestId("chat-task")).toHaveCount(1);
  await expect(asked.getByTestId("chat-task").first()).toHaveAttribute("data-task", "add_scene");
  const confirm = asked.getByTestId("chat-confirm");
  await expect(confirm).toContainText("generate_scene_voiceover");
  await confirm.getByRole("button", { name: "Confirm and spend 3.6 credits" }).click();

  const reply = chat.getByTestId("chat-message-assistant").last();
  const tasks = reply.getByTestId("chat-task");
  await expect(tasks).toHaveCount(5, { timeout: 240_000 });
  await expect(reply).toHaveAttribute("data-status", "completed", { timeout: 240_000 });
  for (const [i, name] of [
    "generate_image_prompt",
    "generate_scene_image",
    "generate_scene_script",
    "generate_scene_voiceover",
    "generate_scene_video",
  ].entries()) {
    await expect(tasks.nth(i)).toHaveAttribute("data-task", name);
    await expect(tasks.nth(i)).toHaveAttribute("data-status", "completed");
  }
  // Confirmed once: the question no longer offers the button.
  await expect(asked.getByTestId("chat-confirm")).toHaveCount(0);
  await expect(chat.getByText("AI is thinking...")).toHaveCount(0);

  // The scene is in the project, with its image and video.
  const card = page.getByTestId("scene-card").filter({ hasText: "marble shelf" });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText("Has Image")).toBeVisible();
  await expect(card.getByText("Has Video")).toBeVisible();

  // Reloaded, the same chat is restored from the server.
  await page.reload();
  await expect(chat.getByTestId("chat-message-user").last()).toContainText("Add a scene about the serum on a marble shelf");
  await expect(chat.getByTestId("chat-message-assistant").last()).toHaveAttribute("data-status", "completed");
  await page.screenshot({ path: "tests/.tmp/assistant-1280.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "tests/.tmp/assistant-390.png", fullPage: true });
  // On a phone the chat is at the bottom of the page: opening the page stays at its top, and the
  // chat shows its newest message inside its own scroll box (it used to pull the page down to it).
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.goto(`/video-projects/${projectId}`);
  await expect(chat.getByTestId("chat-message-assistant").last()).toHaveAttribute("data-status", "completed");
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const logBox = chat.getByRole("log", { name: "Chat messages" });
  expect(await logBox.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop)).toBeLessThanOrEqual(2);

  // The same chat on the project's multi-agent chat page, with the steps open.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/multi-agent-chat/${projectId}`);
  await expect(page.getByRole("heading", { name: "Multi-agent chat", level: 1 })).toBeVisible();
  await expect(page.getByTestId("chat-task").first()).toContainText("add_scene");
  expect(problems).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the chat form posts and the page shows the finished reply", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO_ADMIN);
    await newProject(page, `Assistant no JS ${Date.now().toString(36)}`);
    const chat = page.getByRole("complementary", { name: "AI Assistant" });
    await chat.getByPlaceholder("Ask the AI assistant...").fill('Add a scene called "Opening"');
    await chat.getByRole("button", { name: "Send" }).click();
    await expect(chat.getByTestId("chat-message-assistant").last()).toHaveAttribute("data-status", "completed");
    await expect(chat.getByTestId("chat-task").first()).toHaveAttribute("data-task", "add_scene");
    await expect(page.getByTestId("scene-card").filter({ hasText: "Opening" })).toBeVisible();

    // A destructive command waits for the confirmation form, which works without JavaScript too.
    await chat.getByPlaceholder("Ask the AI assistant...").fill("Delete scene 1");
    await chat.getByRole("button", { name: "Send" }).click();
    const asked = chat.getByTestId("chat-message-assistant").last();
    await expect(asked.getByTestId("chat-confirm")).toContainText("delete_scene");
    await expect(page.getByTestId("scene-card").filter({ hasText: "Opening" })).toBeVisible();
    await asked.getByRole("button", { name: "Confirm" }).click();
    await expect(chat.getByTestId("chat-message-assistant").last().getByTestId("chat-task").first()).toHaveAttribute("data-task", "delete_scene");
    await expect(page.getByTestId("scene-card").filter({ hasText: "Opening" })).toHaveCount(0);
  });
});
