// Issue 8 §6: with the Content-Security-Policy on, every page still hydrates and the browser
// reports no violation (Remix's inline scripts carry the per-request nonce, ADR 122).
import { expect, test, type Page } from "@playwright/test";

const PAGES = [
  "/",
  "/create-video",
  "/explore",
  "/video-projects",
  "/canvas",
  "/notifications",
  "/plans",
  "/settings",
  "/custom-orders",
  "/status",
  "/dev/outbox",
  "/no-such-page",
];

/** Collects CSP violations from the console and from the DOM's securitypolicyviolation events. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy|Refused to (execute|load|apply|connect|frame)/i.test(msg.text())) violations.push(msg.text());
  });
  await page.exposeFunction("__reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __reportCspViolation(t: string): void }).__reportCspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  return violations;
}

async function hydrated(page: Page) {
  await page.waitForFunction(() => Boolean((window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized));
}

test("pages hydrate under the Content-Security-Policy, with no violation", async ({ page }, testInfo) => {
  const violations = await watchViolations(page);
  // Signed out first: the public pages and both sign-in forms (their route modules build form
  // schemas at module level, code that runs in the browser too).
  for (const path of ["/", "/about", "/privacy", "/terms", "/contact", "/auth/signup", "/auth/signup?method=phone", "/auth/login"]) {
    await page.goto(path);
    await hydrated(page);
  }
  await page.getByLabel("Email").fill("user@example.com");
  await page.getByLabel("Password").fill("demo1234");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  for (const path of PAGES) {
    const res = await page.goto(path);
    expect(res?.headers()["content-security-policy"], path).toMatch(/script-src 'self' 'nonce-/);
    await hydrated(page);
  }
  // Client-side navigation (single-fetch .data requests) after hydration.
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("link", { name: "Explore" }).first().click();
  await expect(page).toHaveURL(/\/explore/);
  await page.screenshot({ path: testInfo.outputPath("explore.png"), fullPage: false });
  expect(violations).toEqual([]);
});
