import type { Request } from "@playwright/test";
import { signInThroughModal, uniqueShopper } from "./support/auth";
import { expect, header, test } from "./support/fixtures";

// The checkout names and prices the shop the cart was priced at: a shopper who chose Fullerton
// opens /checkout from nothing twenty times and sees Fullerton, at Fullerton's price, every time,
// never another shop's name for a moment.

const LOADS = 20;
/** Tabs of the same browser loading at once, each its share of the loads. */
const TABS = 4;

test(`a cart priced at Fullerton shows Fullerton at its price on ${LOADS} cold loads of /checkout`, async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  // Every name the checkout's shop line ever shows, from the first paint on, per load.
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { shopsSeen: string[] }).shopsSeen = seen;
    const note = () => {
      const text = document.querySelector('[data-testid="cart-shop"] strong')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    };
    new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true });
  });

  await page.goto("/locations");
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Choose this shop: Squeeze Fullerton" }).click();
  await expect(header(page).getByRole("button", { name: /^Your shop: Squeeze Fullerton/ })).toBeVisible();
  await page.goto("/categories/cat-fresh-juices/products/prd-sunrise-orange");
  await expect(page.locator("#root[data-hydrate]")).toHaveCount(0);
  await main.getByRole("button", { name: /^Medium/ }).click();
  await main.getByRole("button", { name: "Add to Cart" }).click();
  await signInThroughModal(page, "Google", uniqueShopper("Cold"));
  await expect(page.getByRole("dialog", { name: "Cart" }).getByTestId("cart-total")).toHaveText("$7.49");

  // The same shopper's tabs (one cart, one sign-in), each opening /checkout from nothing in turn.
  const tabs = [page, ...(await Promise.all(Array.from({ length: TABS - 1 }, () => context.newPage())))];
  await Promise.all(
    tabs.map(async (tab, index) => {
      // What the page said to its console, so that a failed load says what went wrong, not only what is missing.
      const consoleLines: string[] = [];
      tab.on("console", (message) => {
        if (message.type() === "warning" || message.type() === "error") consoleLines.push(message.text());
      });
      // The API calls of the load, with when each was sent and answered, so that a slow load names its slow call.
      const calls = new Map<Request, string>();
      let loadStarted = Date.now();
      const since = () => `${Date.now() - loadStarted} ms`;
      const isApi = (request: Request) => new URL(request.url()).pathname.startsWith("/api/");
      tab.on("request", (request) => {
        if (isApi(request)) calls.set(request, `${request.url()} sent at ${since()}`);
      });
      tab.on("requestfinished", (request) => {
        if (calls.has(request)) calls.set(request, `${calls.get(request)}, answered at ${since()}`);
      });
      tab.on("requestfailed", (request) => {
        if (calls.has(request))
          calls.set(request, `${calls.get(request)}, failed (${request.failure()?.errorText}) at ${since()}`);
      });
      for (let load = index + 1; load <= LOADS; load += TABS) {
        consoleLines.length = 0;
        calls.clear();
        loadStarted = Date.now();
        await tab.goto("/checkout");
        const checkout = tab.getByRole("main");
        try {
          // Four cold loads at once, seven API calls each, on a machine the other journeys keep busy
          // can take 8–9 s: this journey is about the name, not the time.
          await expect(checkout.getByTestId("cart-shop")).toContainText("Your shop: Squeeze Fullerton", {
            timeout: 30_000,
          });
          await expect(checkout.getByTestId("checkout-total")).toHaveText("$7.49");
        } catch (error) {
          const shown = (await checkout.innerText().catch(() => "(no main)")).slice(0, 400);
          throw new Error(
            `load ${load} at ${tab.url()}: the page shows ${JSON.stringify(shown)}; console: ${JSON.stringify(consoleLines)}; ` +
              `API calls: ${JSON.stringify([...calls.values()])}`,
            { cause: error },
          );
        }
        const seen = await tab.evaluate(() => (window as unknown as { shopsSeen: string[] }).shopsSeen);
        expect(seen, `load ${load}`).toEqual(["Squeeze Fullerton"]);
      }
    }),
  );
});
