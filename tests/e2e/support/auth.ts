import type { Page } from "@playwright/test";
import { expect, expectToastShown } from "./fixtures";

export type Provider = "Google" | "Apple";

export interface TestShopper {
  name: string;
  email: string;
}

let shopperCounter = 0;

/** A shopper no other test uses (the database is shared by the whole run). */
export function uniqueShopper(prefix = "Shopper"): TestShopper {
  shopperCounter += 1;
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}${shopperCounter}`;
  return { name: `${prefix} ${id}`, email: `${prefix.toLowerCase().replace(/\W+/g, "")}-${id}@example.com` };
}

/** The sign-in dialog (the spec's auth modal: a Welcome heading and two buttons). */
export function authModal(page: Page) {
  return page.getByRole("dialog").filter({ has: page.getByRole("heading", { name: /welcome/i }) });
}

/**
 * Signs in from the open auth modal with the local stand-in of a provider: the button opens
 * a real popup window on /api/auth/<provider>/start, which (locally, no credentials) shows
 * the stand-in consent page; we type the shopper's name and e-mail and continue; the popup
 * reports back to this page and closes.
 */
export async function signInThroughModal(page: Page, provider: Provider, shopper: TestShopper): Promise<void> {
  const modal = authModal(page);
  await expect(modal).toBeVisible();
  const popupOpened = page.waitForEvent("popup");
  await modal.getByRole("button", { name: `Sign in with ${provider}` }).click();
  const popup = await popupOpened;
  await popup.waitForLoadState("domcontentloaded");
  await expect(popup).toHaveURL(new RegExp(`/api/auth/${provider.toLowerCase()}/`));
  // The stand-in offers ready-made test people and a "Someone else" form; each test is its own person.
  const someoneElse = popup.getByRole("group", { name: "Someone else" });
  await someoneElse.getByLabel("Name", { exact: true }).fill(shopper.name);
  await someoneElse.getByLabel("E-mail", { exact: true }).fill(shopper.email);
  const closed = popup.waitForEvent("close", { timeout: 20_000 });
  await someoneElse.getByRole("button", { name: "Continue", exact: true }).click();
  await closed;
  await expectToastShown(page, `Logged in with ${provider}!`);
  await expect(modal).toBeHidden();
}
