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
      for (let load = index + 1; load <= LOADS; load += TABS) {
        consoleLines.length = 0;
        await tab.goto("/checkout");
        const checkout = tab.getByRole("main");
        try {
          await expect(checkout.getByTestId("cart-shop")).toContainText("Your shop: Squeeze Fullerton");
          await expect(checkout.getByTestId("checkout-total")).toHaveText("$7.49");
        } catch (error) {
          const shown = (await checkout.innerText().catch(() => "(no main)")).slice(0, 400);
          throw new Error(
            `load ${load} at ${tab.url()}: the page shows ${JSON.stringify(shown)}; console: ${JSON.stringify(consoleLines)}`,
            { cause: error },
          );
        }
        const seen = await tab.evaluate(() => (window as unknown as { shopsSeen: string[] }).shopsSeen);
        expect(seen, `load ${load}`).toEqual(["Squeeze Fullerton"]);
      }
    }),
  );
});
