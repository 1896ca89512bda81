// Signing in through the real form, as the e2e specs' demo accounts (the e2e server seeds them).
import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "demo1234";
export const DEMO_USER = "user@example.com";
export const DEMO_ADMIN = "admin@example.com";

/** Signs in and waits for the dashboard. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
}
