// Issue 13 items 4-8 and 10: a canvas update reaches the owner's project (the owner, watching
// /canvas/{id}, sees the new text without a reload and a notification), staff and the owner talk
// through User Messages and /messages, and the admin tabs work without JavaScript. The admin
// side runs with JavaScript switched off; screenshots at 390 px go to tests/.tmp/ for a look.
// Run with `node scripts/e2e.mjs tests/e2e/admin-area.spec.ts`.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, signIn } from "./support/sign-in";

type Owner = { email: string; password: string; userId: string; projectId: string; sceneIds: string[] };

function adminAreaData<T>(...args: string[]): T {
  const tsx = path.join(process.cwd(), "node_modules/.bin/tsx");
  const out = execFileSync(tsx, ["tests/e2e/support/admin-area-data.ts", ...args], { encoding: "utf8", env: process.env, timeout: 60_000 });
  return JSON.parse(out.trim().split("\n").at(-1)!) as T;
}

test("a canvas update reaches the owner's open project and inbox; staff and owner exchange messages", async ({ browser }) => {
  test.setTimeout(150_000);
  const owner = adminAreaData<Owner>("owner");
  const [firstScene] = owner.sceneIds;

  // The owner (JavaScript on) watches their project's first scene.
  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const ownerPage = await ownerContext.newPage();
  await signIn(ownerPage, owner.email, owner.password);
  await ownerPage.goto(`/canvas/${owner.projectId}?tab=scenes&scene=${firstScene}`);
  await expect(ownerPage.getByLabel("Script", { exact: true })).toHaveValue("Morning light on the serum bottle.");
  await expect(ownerPage.locator("html")).toHaveAttribute("data-live", "open");

  // Staff, without JavaScript: project → scene → field → content.
  const adminContext = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO_ADMIN);
  await admin.goto("/admin/canvas-updates");
  await admin.getByRole("button", { name: "Submit Update" }).click();
  await expect(admin.getByText("Please select a project, scene, and enter update content.")).toBeVisible();
  await admin.getByLabel("Project", { exact: true }).selectOption(owner.projectId);
  await admin.getByRole("button", { name: "Load Scenes" }).click();
  await expect(admin).toHaveURL(new RegExp(`project=${owner.projectId}`));
  await expect(admin.getByLabel("Scene", { exact: true })).toContainText("1. Morning light on the serum bo");
  await admin.getByLabel("Scene", { exact: true }).selectOption(firstScene);
  await admin.getByLabel("Field", { exact: true }).selectOption("script");
  await admin.getByLabel("Update content").fill("Golden hour: the serum glows on the shelf.");
  await admin.screenshot({ path: "tests/.tmp/admin-canvas-updates-390.png", fullPage: true });
  await admin.getByRole("button", { name: "Submit Update" }).click();
  await expect(admin.getByText("Update submitted")).toBeVisible();

  // The owner sees it live, and the notification.
  await expect(ownerPage.getByLabel("Script", { exact: true })).toHaveValue("Golden hour: the serum glows on the shelf.", { timeout: 15_000 });
  await expect(ownerPage.getByText("Your project was updated").first()).toBeVisible();
  await ownerPage.goto("/notifications");
  await expect(ownerPage.getByText("Your project was updated").first()).toBeVisible();
  await expect(ownerPage.getByText(/Golden hour: the serum glows on the shelf\./).first()).toBeVisible();

  // Staff write to the owner (no JavaScript: a plain multipart post).
  await admin.goto(`/admin/user-messages?user=${owner.userId}`);
  await admin.getByRole("button", { name: "Send" }).click();
  await expect(admin.getByText("Cannot send an empty message without attachments.")).toBeVisible();
  await admin.getByLabel("Message", { exact: true }).fill(`Your #order-7 is on its way, see #project-${owner.projectId}`);
  await admin.getByRole("button", { name: "Send" }).click();
  await expect(admin.getByRole("link", { name: "#order-7", exact: true })).toHaveAttribute("href", "/custom-orders/7");
  await admin.screenshot({ path: "tests/.tmp/admin-user-messages-390.png", fullPage: true });

  // The owner reads it on /messages and answers.
  await ownerPage.goto("/messages");
  await expect(ownerPage.getByText("Your #order-7 is on its way", { exact: false })).toBeVisible();
  await expect(ownerPage.getByRole("link", { name: "#order-7", exact: true })).toHaveAttribute("href", "/custom-orders/7");
  await ownerPage.getByLabel("Message", { exact: true }).fill("Thank you!");
  await ownerPage.getByRole("button", { name: "Send" }).click();
  const conversation = ownerPage.getByRole("list", { name: "Conversation with You" });
  await expect(conversation.getByRole("listitem").filter({ hasText: "Thank you!" })).toContainText("You");
  await expect(conversation.getByText("pending")).toHaveCount(0);
  await expect(ownerPage.getByLabel("Message", { exact: true })).toHaveValue("");
  await ownerPage.setViewportSize({ width: 390, height: 844 });
  await ownerPage.screenshot({ path: "tests/.tmp/messages-390.png", fullPage: true });

  await admin.goto("/admin/user-messages");
  await expect(admin.getByRole("navigation", { name: "Users with messages" }).getByText("Thank you!")).toBeVisible();

  // The other tabs without JavaScript at 390 px.
  for (const tab of ["users", "stats", "ai-tools"]) {
    await admin.goto(`/admin/${tab}`);
    await expect(admin.getByRole("heading", { level: 2 }).first()).toBeVisible();
    await admin.screenshot({ path: `tests/.tmp/admin-${tab}-390.png`, fullPage: true });
  }
  await adminContext.close();
  await ownerContext.close();
});

test("a non-admin gets Access Denied on every admin tab", async ({ page }) => {
  await signIn(page, "user@example.com");
  for (const tab of ["users", "stats", "ai-tools", "canvas-updates", "user-messages"]) {
    const response = await page.goto(`/admin/${tab}`);
    expect(response?.status()).toBe(403);
    await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  }
});

test("the admin tabs hydrate with JavaScript on, without script errors; choosing a project loads its scenes", async ({ page }) => {
  const errors: string[] = [];
  await signIn(page, DEMO_ADMIN);
  let current = "";
  page.on("pageerror", (error) => errors.push(`${current}: ${String(error).slice(0, 60)}`));
  for (const tab of ["users", "stats", "ai-tools", "canvas-updates", "user-messages"]) {
    current = tab;
    await page.goto(`/admin/${tab}`);
    await page.waitForFunction(() => Boolean((window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized));
    await page.waitForTimeout(300);
  }
  await page.goto("/admin/canvas-updates");
  await page.waitForFunction(() => Boolean((window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized));
  const projectSelect = page.getByLabel("Project", { exact: true });
  const firstProject = await projectSelect.locator("option").nth(1).getAttribute("value");
  await projectSelect.selectOption(firstProject!);
  await expect(page).toHaveURL(new RegExp(`project=${firstProject}`));
  await expect(page.getByLabel("Scene", { exact: true })).toBeEnabled();
  expect(errors).toEqual([]);
});
