import { beforeEach, describe, expect, it } from "vitest";
import { CART_STORAGE_KEY, cartCount, cartLineId, useCartStore, type NewCartItem } from "#web/lib/cart-store";
import { cartTotalCents } from "#web/lib/cart-total";

function line(name: string, size: string, priceCents: number, extra: Partial<NewCartItem> = {}): NewCartItem {
  return {
    id: cartLineId(name, size),
    productId: `prd-${name}`,
    categoryId: "cat-test",
    name,
    priceCents,
    size,
    comment: "",
    image: `/images/drinks/${name}.svg`,
    ...extra,
  };
}

const cart = () => useCartStore.getState();

beforeEach(() => {
  localStorage.clear();
  useCartStore.setState({ isOpen: false, items: [] });
});

describe("cart store", () => {
  it("starts closed and empty, and toggles, opens and closes", () => {
    expect(cart().isOpen).toBe(false);
    expect(cart().items).toEqual([]);
    cart().toggle();
    expect(cart().isOpen).toBe(true);
    cart().toggle();
    expect(cart().isOpen).toBe(false);
    cart().open();
    expect(cart().isOpen).toBe(true);
    cart().close();
    expect(cart().isOpen).toBe(false);
  });

  it("keys a line by name plus size, so each size of a drink is its own line", () => {
    cart().addItem(line("Sunrise Orange", "small", 549));
    cart().addItem(line("Sunrise Orange", "large", 849));
    expect(cart().items.map((item) => item.id)).toEqual([
      cartLineId("Sunrise Orange", "small"),
      cartLineId("Sunrise Orange", "large"),
    ]);
    expect(cartLineId("Sunrise Orange", "small")).not.toBe(cartLineId("Sunrise Orange", "large"));
  });

  it("adds a new line with quantity 1 by default", () => {
    cart().addItem(line("Berry Blast", "small", 599));
    expect(cart().items).toEqual([expect.objectContaining({ name: "Berry Blast", quantity: 1 })]);
  });

  it("raises the quantity of an existing line by the added amount instead of adding a line", () => {
    cart().addItem(line("Berry Blast", "small", 599));
    cart().addItem({ ...line("Berry Blast", "small", 599), quantity: 3 });
    expect(cart().items).toHaveLength(1);
    expect(cart().items[0]?.quantity).toBe(4);
  });

  it("keeps every note: the same drink and size with another note is its own line", () => {
    cart().addItem(
      line("Berry Blast", "small", 599, { id: cartLineId("Berry Blast", "small", "no ice"), comment: "no ice" }),
    );
    cart().addItem(line("Berry Blast", "small", 599));
    cart().addItem(
      line("Berry Blast", "small", 599, {
        id: cartLineId("Berry Blast", "small", "extra cold"),
        comment: "extra cold",
      }),
    );
    cart().addItem({
      ...line("Berry Blast", "small", 599, { id: cartLineId("Berry Blast", "small", "no ice"), comment: "no ice" }),
      quantity: 2,
    });
    expect(cart().items.map((item) => [item.id, item.comment, item.quantity])).toEqual([
      ["Berry Blast small · no ice", "no ice", 3],
      ["Berry Blast small", "", 1],
      ["Berry Blast small · extra cold", "extra cold", 1],
    ]);
  });

  it("keeps the spec's id, name plus size, for a line without a note", () => {
    expect(cartLineId("Sunrise Orange", "small")).toBe("Sunrise Orange small");
    expect(cartLineId("Sunrise Orange", "small", "   ")).toBe("Sunrise Orange small");
    expect(cartLineId("Sunrise Orange", "small", " no ice ")).toBe("Sunrise Orange small · no ice");
  });

  it("splits a cart saved under the old ids by note when it is read back", async () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        version: 1,
        state: {
          items: [
            { ...line("Berry Blast", "small", 599, { comment: "no ice" }), quantity: 2 },
            { ...line("Mango Tango", "large", 899), quantity: 1 },
          ],
        },
      }),
    );
    await useCartStore.persist.rehydrate();
    expect(cart().items.map((item) => [item.id, item.quantity])).toEqual([
      ["Berry Blast small · no ice", 2],
      ["Mango Tango large", 1],
    ]);
    cart().addItem(line("Berry Blast", "small", 599));
    expect(cart().items).toHaveLength(3);
  });

  it("loads a cart saved before add-ons (no options), and keeps a saved line's options and id", async () => {
    const oat = { id: "opt-milk-oat", name: "Oat milk", priceCents: 50, isDefault: false };
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        version: 1,
        state: {
          items: [
            { ...line("Berry Blast", "small", 599), quantity: 1 },
            {
              ...line("Berry Blast", "small", 649, { id: "Berry Blast small + opt-milk-oat", options: [oat] }),
              quantity: 2,
            },
          ],
        },
      }),
    );
    await useCartStore.persist.rehydrate();
    expect(cart().items.map((item) => [item.id, item.quantity, item.options])).toEqual([
      ["Berry Blast small", 1, undefined],
      ["Berry Blast small + opt-milk-oat", 2, [oat]],
    ]);

    // Options that are not a list of records are a tampered cart.
    useCartStore.setState({ items: [] });
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        version: 1,
        state: { items: [{ ...line("Berry Blast", "small", 599), quantity: 1, options: [null] }] },
      }),
    );
    await useCartStore.persist.rehydrate();
    expect(cart().items).toEqual([]);
  });

  it("sets a quantity directly, never below 1", () => {
    cart().addItem(line("Mango Tango", "medium", 849));
    const id = cartLineId("Mango Tango", "medium");
    cart().setQuantity(id, 5);
    expect(cart().items[0]?.quantity).toBe(5);
    cart().setQuantity(id, 0);
    expect(cart().items[0]?.quantity).toBe(1);
    cart().setQuantity(id, -3);
    expect(cart().items[0]?.quantity).toBe(1);
  });

  it("removes a line by id and clears the cart", () => {
    cart().addItem(line("Mango Tango", "medium", 849));
    cart().addItem(line("Berry Blast", "small", 599));
    cart().removeItem(cartLineId("Mango Tango", "medium"));
    expect(cart().items.map((item) => item.name)).toEqual(["Berry Blast"]);
    cart().clear();
    expect(cart().items).toEqual([]);
  });

  it("totals price times quantity in cents and counts the quantities", () => {
    const items = [
      { priceCents: 549, quantity: 2 },
      { priceCents: 399, quantity: 1 },
      { priceCents: 1099, quantity: 3 },
    ];
    expect(cartTotalCents(items)).toBe(549 * 2 + 399 + 1099 * 3);
    expect(cartCount(items)).toBe(6);
    expect(cartTotalCents([])).toBe(0);
    expect(cartCount([])).toBe(0);
  });

  it("persists the lines (not the open drawer) under the squeeze: prefix", () => {
    cart().addItem(line("Pink Lemonade", "medium", 499));
    cart().open();
    const stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? "null");
    expect(CART_STORAGE_KEY.startsWith("squeeze:")).toBe(true);
    expect(stored.state.items).toEqual([expect.objectContaining({ name: "Pink Lemonade", quantity: 1 })]);
    expect(stored.state).not.toHaveProperty("isOpen");
  });

  it("restores saved lines and ignores a tampered saved cart", async () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ version: 1, state: { items: [{ ...line("Pink Lemonade", "small", 449), quantity: 2 }] } }),
    );
    await useCartStore.persist.rehydrate();
    expect(cart().items).toEqual([expect.objectContaining({ name: "Pink Lemonade", quantity: 2 })]);

    useCartStore.setState({ items: [] });
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ version: 1, state: { items: [{ ...line("Free", "small", -100), quantity: 0 }] } }),
    );
    await useCartStore.persist.rehydrate();
    expect(cart().items).toEqual([]);
  });
});
