// Issue 3: a new user buys BASIC with a discount code through the local sandbox gateway and
// sees the balance and the history row; with and without JavaScript.
import { expect, test, type Page } from "@playwright/test";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function signUp(page: Page) {
  const email = `buyer-${unique()}@example.com`;
  await page.goto("/auth/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a-good-password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  return email;
}

async function buyBasicWithCode(page: Page, js: boolean) {
  await page.goto("/plans");
  await expect(page.getByRole("heading", { name: "Choose Your Plan" })).toBeVisible();
  await page.getByLabel("Discount code").fill("welcome10");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("discount-applied")).toHaveText("10% discount applied!");
  const basic = page.getByTestId("plan-card-BASIC");
  await expect(basic.getByTestId("price")).toContainText("₹540");
  await expect(basic.getByTestId("original-price")).toContainText("₹600");
  await basic.getByRole("link", { name: "Buy Now" }).click();

  await expect(page.getByRole("heading", { name: "Complete Your Payment" })).toBeVisible();
  await expect(page.getByTestId("payment-summary")).toContainText("BASIC");
  await expect(page.getByTestId("payment-amount")).toHaveText("₹540");
  await page.getByRole("button", { name: "Proceed to Payment" }).click();
  if (!js) await page.getByRole("button", { name: "Continue to payment" }).click();

  await page.waitForURL(/\/payment\/sandbox/);
  await expect(page.getByTestId("sandbox-banner")).toBeVisible();
  await expect(page.getByTestId("sandbox-amount")).toHaveText("₹540");
  await page.getByTestId("sandbox-success").click();

  await page.waitForURL(/\/plans\?payment=success&txnid=/);
  await expect(page.getByTestId("payment-outcome")).toHaveAttribute("data-state", "success");
  await expect(page.getByTestId("payment-outcome")).toContainText("20 credits have been added to your account (BASIC plan).");
  const history = page.getByTestId("transaction-history");
  await expect(history).toContainText("₹540");
  await expect(history).toContainText("Success");
  await expect(history.getByText(/^[A-Za-z0-9]{12}…$/)).toHaveCount(1);
  await expect(page.getByText("(20 credits)").first()).toBeVisible();

  // The same code cannot be used twice.
  await page.getByLabel("Discount code").fill("WELCOME10");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("You have already used this discount code.")).toBeVisible();
}

test("buy BASIC with WELCOME10 through the sandbox", async ({ page }) => {
  await signUp(page);
  await buyBasicWithCode(page, true);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("buy BASIC with WELCOME10 through the sandbox", async ({ page }) => {
    await signUp(page);
    await buyBasicWithCode(page, false);
  });
});

test("a failed sandbox payment grants nothing", async ({ page }) => {
  await signUp(page);
  await page.goto("/plans");
  await page.getByTestId("plan-card-BASIC").getByRole("link", { name: "Buy Now" }).click();
  await page.getByRole("button", { name: "Proceed to Payment" }).click();
  await page.waitForURL(/\/payment\/sandbox/);
  await page.getByTestId("sandbox-failure").click();
  await page.waitForURL(/\/plans\?payment=/);
  await expect(page.getByTestId("payment-outcome")).not.toHaveAttribute("data-state", "success");
  await expect(page.getByText("(0 credits)").first()).toBeVisible();
  await expect(page.getByText("No successful transactions found")).toBeVisible();
});
