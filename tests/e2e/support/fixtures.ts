import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";

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
      await recordToasts(page.context());
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

/**
 * Every text a toast (role status or alert) has shown in this context's pages, kept in the page:
 * a success toast lasts 2 s, shorter than a loaded machine may take to look for it.
 */
export async function recordToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as { __toastsShown: string[] }).__toastsShown = shown;
    const record = () => {
      for (const element of Array.from(document.querySelectorAll('[role="status"], [role="alert"]'))) {
        const text = element.textContent?.trim();
        if (text && !shown.includes(text)) shown.push(text);
      }
    };
    new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** Waits until a toast with this text has been shown in the page, even if it is gone again. */
export async function expectToastShown(page: Page, text: string, timeout = 20_000): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __toastsShown?: string[] }).__toastsShown ?? []), {
      message: `a toast saying "${text}"`,
      timeout,
    })
    .toEqual(expect.arrayContaining([expect.stringContaining(text)]));
}

/** A toast (role status, or alert for errors) showing this text. */
export function toast(page: Page, text: string | RegExp) {
  return page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: text });
}

/** Prices as the shop prints them: "$5.49". */
export function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
