import { test as base, expect, type Page } from "@playwright/test";

let clientCounter = 0;

/**
 * Every test is its own shopper: a fresh browser context (so an empty cart and no session)
 * and its own client address, so the per-client rate limits of sign-in and the forms
 * count each journey separately, as they would for real shoppers on their own devices.
 * An uncaught error in the page fails the test that caused it.
 */
export const test = base.extend<{ pageErrors: string[] }>({
  extraHTTPHeaders: async ({}, use, testInfo) => {
    clientCounter += 1;
    const address = `10.${testInfo.workerIndex % 250}.${Math.floor(clientCounter / 250) % 250}.${(clientCounter % 250) + 1}`;
    await use({ "CF-Connecting-IP": address });
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(`${error.name}: ${error.message}`));
      page
        .context()
        .on("page", (opened) =>
          opened.on("pageerror", (error) => errors.push(`(popup) ${error.name}: ${error.message}`)),
        );
      await use(errors);
      expect(errors, "uncaught errors in the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The shop's main navigation (the header's; the footer repeats some links). */
export function header(page: Page) {
  return page.getByRole("banner");
}

/** A toast (role status, or alert for errors) showing this text. */
export function toast(page: Page, text: string | RegExp) {
  return page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: text });
}

/** Prices as the shop prints them: "$5.49". */
export function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
