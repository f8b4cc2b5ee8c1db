import { randomUUID } from "node:crypto";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { signInThroughModal } from "./auth";
import { expect, header, recordToasts } from "./fixtures";

export const BARISTA = { name: "Sam Barista", email: "barista@example.com" };

/** A client address of its own: sign-ins are limited per address. */
const clientAddress = () => `10.250.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

/**
 * A browser of its own (its own cookies and client address): the barista's tablet. It asks for
 * reduced motion, the board's steady ring for a new ticket instead of a flash: a flashing card
 * redraws every frame for as long as a journey waits, which on a 2-core machine slows every
 * other browser's journey.
 */
async function tablet(browser: Browser, baseURL: string | undefined, viewport: { width: number; height: number }) {
  const context = await browser.newContext({
    baseURL,
    viewport,
    reducedMotion: "reduce",
    extraHTTPHeaders: { "CF-Connecting-IP": clientAddress() },
  });
  await recordToasts(context);
  return context;
}

/** A second browser: the barista's tablet, signed in through the user menu and on the board. */
export async function baristaTablet(
  browser: Browser,
  baseURL: string | undefined,
  viewport = { width: 1180, height: 820 },
): Promise<Page> {
  const page = await (await tablet(browser, baseURL, viewport)).newPage();
  await page.goto("/");
  await header(page).getByRole("button", { name: "Sign in" }).click();
  await signInThroughModal(page, "Google", BARISTA);
  await header(page)
    .getByRole("button", { name: `Account menu for ${BARISTA.name}` })
    .click();
  await header(page).getByRole("link", { name: "Order board" }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole("heading", { level: 1, name: "Order board" })).toBeAttached();
  await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible();
  return page;
}

/** "#1A2B3C4D": the number the board shows for an order (common/orders.ts orderNumber). */
export function orderNumberOf(orderId: string): string {
  return `#${orderId.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
}

/** A barista's tablet on the board (Anaheim's unless told), signed in over HTTP (quicker than the sign-in popup). */
export async function baristaOnTheBoard(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1180, height: 820 },
  barista: { name: string; email: string } = BARISTA,
): Promise<Page> {
  const context = await tablet(browser, baseURL, viewport);
  await signInOverHttp(context.request, baseURL, barista);
  const page = await context.newPage();
  await page.goto("/staff");
  await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible({ timeout: 30_000 });
  return page;
}

/** The Done list, once its button was tapped. */
export const doneListOf = (board: Page) => board.getByRole("dialog", { name: "Done in the last 30 minutes" });

/**
 * Closes the open Done list. Other journeys' orders keep entering the live list, so its Close button
 * can move between Playwright's aim and its tap: tap until it is shut.
 */
export async function closeDoneList(board: Page) {
  const doneList = doneListOf(board);
  await expect(async () => {
    if (await doneList.isVisible()) await doneList.getByRole("button", { name: "Close" }).click({ timeout: 2_000 });
    await expect(doneList).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

/** Recalls an order from the open Done list (the button's name says which) and closes the list. */
export async function recallFromDoneList(board: Page, name: string) {
  const doneList = doneListOf(board);
  await doneList.getByRole("button", { name }).click();
  await expect(doneList.getByRole("button", { name })).toHaveCount(0);
  await closeDoneList(board);
}

export function column(board: Page, title: "Later" | "New" | "Preparing" | "Ready") {
  return board.getByRole("region", { name: new RegExp(`^${title}\\b`) });
}

/** Signs a test person in over HTTP through the local sign-in stand-in; the context keeps the cookie. */
export async function signInOverHttp(
  request: APIRequestContext,
  baseURL: string,
  person: { name: string; email: string },
) {
  const start = await request.get("/api/auth/google/start?mode=redirect&returnTo=%2F", { maxRedirects: 0 });
  const consent = start.headers()["location"] ?? "";
  expect(consent, "the local sign-in stand-in answers").toContain("/dev-consent");
  const state = new URL(consent, baseURL).searchParams.get("state") ?? "";
  const signedIn = await request.post("/api/auth/google/dev-consent", {
    form: { state, name: person.name, email: person.email },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(signedIn.status()).toBeLessThan(400);
}

/** Drinks and sizes of the seed menu, for orders placed over HTTP. */
const DRINKS = [
  { productId: "prd-sunrise-orange", sizes: ["small", "medium", "large"] },
  { productId: "prd-green-machine", sizes: ["small", "medium", "large"] },
  { productId: "prd-mango-lemonade", sizes: ["small", "medium", "large"] },
  { productId: "prd-carrot-glow", sizes: ["small", "medium", "large"] },
  { productId: "prd-ginger-shot", sizes: ["default"] },
  { productId: "prd-beet-shot", sizes: ["default"] },
];
const NOTES = ["", "No ice", "Less sweet", "Extra ginger, please"];

/** Places an order of `lines` drinks (1 to 3) as the person signed in on `request`; answers its id. */
export async function placeOrderOverHttp(
  request: APIRequestContext,
  baseURL: string,
  lines: number,
  seed: number,
): Promise<string> {
  const response = await request.post("/api/orders", {
    headers: { Origin: baseURL, "Idempotency-Key": randomUUID() },
    data: {
      phone: "+1 714 555 0190",
      lines: Array.from({ length: lines }, (_, index) => {
        const drink = DRINKS[(seed + index) % DRINKS.length]!;
        return {
          productId: drink.productId,
          size: drink.sizes[(seed + index) % drink.sizes.length],
          quantity: 1 + ((seed + index) % 2),
          note: NOTES[(seed * 3 + index) % NOTES.length],
        };
      }),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { order: { id: string } }).order.id;
}

/** A test person of their own, signed in over HTTP in a fresh request context. */
export async function customerOverHttp(browser: Browser, baseURL: string, name: string) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "CF-Connecting-IP": clientAddress() } });
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${randomUUID().slice(0, 8)}@example.com`;
  await signInOverHttp(context.request, baseURL, { name, email });
  return context;
}

/** The open orders as the barista's API lists them (the part of GET /api/staff/orders these journeys read). */
export async function boardOverHttp(
  request: APIRequestContext,
): Promise<{ orders: Array<{ id: string; status: string; paymentState: string }> }> {
  const response = await request.get("/api/staff/orders");
  expect(response.status()).toBe(200);
  return (await response.json()) as { orders: Array<{ id: string; status: string; paymentState: string }> };
}

/** Moves an order as the barista, over HTTP. */
export async function moveOverHttp(
  request: APIRequestContext,
  baseURL: string,
  orderId: string,
  body: { status: string; reason?: string },
) {
  const response = await request.post(`/api/staff/orders/${orderId}/status`, {
    headers: { Origin: baseURL },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(200);
}
