// React's hydration errors in the browser (a server markup the first render does not match,
// e.g. kept markup with a text split in two: docs/decisions/405-static-markup.md), collected from
// the console and page errors from now on. The list is filled as they come.
import type { Page } from "@playwright/test";

const HYDRATION_ERROR = /hydrat|did not match|Minified React error #(418|419|421|422|423|425)/i;

export function watchHydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && HYDRATION_ERROR.test(m.text())) errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}
