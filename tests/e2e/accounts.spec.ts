// Issue 2: sign-up, sign-in, sign-out, phone codes through the outbox, access rules, 404,
// and sign-in without JavaScript, in a real browser against the running app.
import { expect, test, type Page } from "@playwright/test";

const DEMO_PASSWORD = "demo1234";
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("a visitor signs up with e-mail and password and lands on the dashboard", async ({ page }) => {
  const email = `new-${unique()}@example.com`;
  await page.goto("/auth/signup");
  await expect(page.getByRole("heading", { name: "Create Account" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await page.getByLabel("Password").fill("a-good-password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
});

test("the demo user signs in, sees the shell, and signs out after 'Signing out...'", async ({ page }) => {
  await signIn(page, "user@example.com", "wrong-password");
  await expect(page.getByText("Invalid email or password")).toBeVisible();
  await signIn(page, "user@example.com");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByText("Free Plan").first()).toBeVisible();
  await expect(page.getByText("(100 credits)").first()).toBeVisible();
  const signOut = page.getByRole("button", { name: "Sign out" }).first();
  await signOut.click();
  await expect(page.getByText("Signing out...").first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: /^Login$/ }).first()).toBeVisible();
  await page.goto("/create-video");
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fcreate-video/);
});

test("phone sign-in in two steps with the code from the SMS outbox", async ({ page, context }) => {
  const phone = `+9198${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;
  await page.goto("/auth/signup");
  await page
    .getByRole("link", { name: "Continue with Phone Number" })
    .or(page.getByRole("button", { name: "Continue with Phone Number" }))
    .first()
    .click();
  await page.getByRole("textbox", { name: "Phone number" }).fill("12");
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("Please enter a valid phone number")).toBeVisible();
  await page.getByRole("textbox", { name: "Phone number" }).fill(phone);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByRole("heading", { name: "Enter your code" })).toBeVisible();

  await page.getByRole("button", { name: "Verify and continue" }).click();
  await expect(page.getByText("Verification code is required")).toBeVisible();
  await page.getByRole("textbox", { name: "Verification code" }).fill("000000");
  await page.getByRole("button", { name: "Verify and continue" }).click();
  await expect(page.getByText("Invalid verification code. Please try again.")).toBeVisible();

  const outbox = await context.newPage();
  await outbox.goto("/dev/outbox");
  const message = outbox.getByRole("listitem").filter({ hasText: phone }).first();
  const code = (await message.innerText()).match(/\b(\d{6})\b/)?.[1];
  expect(code).toBeTruthy();
  await outbox.close();

  await page.getByRole("textbox", { name: "Verification code" }).fill(code!);
  await page.getByRole("button", { name: "Verify and continue" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
});

test("a signed-in non-admin sees Access Denied on admin routes", async ({ page }) => {
  await signIn(page, "user@example.com");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  for (const path of ["/admin", "/canvas", "/video-projects"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  }
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the admin reaches the admin area and sees the Admin item", async ({ page }) => {
  await signIn(page, "admin@example.com");
  await expect(page.getByRole("link", { name: /Admin/ }).first()).toBeVisible();
  const response = await page.goto("/admin");
  expect(response?.status()).toBe(200);
});

test("an anonymous visitor is sent to sign in, then back where they were going", async ({ page }) => {
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fsettings/);
  await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  await page.getByLabel("Email").fill("user@example.com");
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/settings$/);
});

test("unknown paths show the 404 page", async ({ page }) => {
  const response = await page.goto(`/no-such-page-${unique()}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sign-in and sign-out work as plain form posts", async ({ page }) => {
    await signIn(page, "user@example.com");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Sign out" }).first().click();
    await expect(page.getByRole("link", { name: /^Login$/ }).first()).toBeVisible();
  });
});
