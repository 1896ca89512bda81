// Asking for a custom order through the request dialog (with JavaScript), as a signed-in user
// with the credits for it. Returns the new order's number.
import type { Page } from "@playwright/test";
import { png } from "../../fixtures/storage-media";

export async function requestCustomOrder(page: Page, remark: string): Promise<number> {
  await page.goto("/custom-orders?new=1");
  const dialog = page.getByTestId("order-request-dialog");
  await dialog.getByLabel("Images or videos").setInputFiles({ name: "product.png", mimeType: "image/png", buffer: png(8, 8) });
  await dialog.getByLabel("Remark").fill(remark);
  await dialog.getByRole("button", { name: /Submit Order/ }).click();
  await page.waitForURL(/\/custom-orders\/\d+$/);
  return Number(new URL(page.url()).pathname.split("/").pop());
}
