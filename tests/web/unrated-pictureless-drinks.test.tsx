import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Product } from "#common/catalog";
import { DRINK_IMAGE_ATTRIBUTE, MISSING_PICTURES_SCRIPT } from "#common/drink-pictures";
import { DRINK_PLACEHOLDER_IMAGE, DrinkImage } from "#web/components/drink-image";
import { isRated } from "#web/components/rating";
import { CartDrawer } from "#web/features/cart/cart-drawer";
import MenuPage from "#web/features/menu/menu-page";
import ProductPage from "#web/features/product/product-page";
import { useCartStore } from "#web/lib/cart-store";
import { categories, json, menuApi, renderRoutes, resetStores, sunriseOrange } from "./storefront-helpers";

// A drink the owner added by SQL with no rating (0) and a picture file that is not there yet.
const MISSING_PICTURE = "/images/drinks/sea-buckthorn.svg";
const newDrink: Product = {
  ...sunriseOrange,
  id: "prd-sea-buckthorn",
  name: "Sea Buckthorn Sunrise",
  image: MISSING_PICTURE,
  rating: 0,
  featured: false,
};

function api() {
  return menuApi({
    "GET /api/categories/cat-fresh-juices/products": () => json([sunriseOrange, newDrink]),
    "GET /api/categories/cat-fresh-juices/products/prd-sea-buckthorn": () => json(newDrink),
  });
}

/** The browser could not load the picture: what it does for a file that is not there. */
const failToLoad = (image: Element) => fireEvent.error(image);

/** jsdom has no HTMLImageElement.decode(): the browser's, answering as given. */
function givePicturesDecode(answer: () => Promise<void>) {
  const decode = vi.fn(answer);
  Object.defineProperty(HTMLImageElement.prototype, "decode", { configurable: true, value: decode });
  return decode;
}

beforeEach(resetStores);
afterEach(() => {
  vi.restoreAllMocks();
  delete (HTMLImageElement.prototype as Partial<HTMLImageElement>).decode;
});

describe("a rating of 0 means unrated", () => {
  it.each([
    [0, false],
    [-1, false],
    [Number.NaN, false],
    [0.1, true],
    [4.8, true],
  ])("a rating of %d is rated: %s", (rating, rated) => {
    expect(isRated(rating)).toBe(rated);
  });

  it("shows no stars and no 0.0 on the menu card, while a rated drink keeps both", async () => {
    api();
    renderRoutes([{ path: "/menu", element: <MenuPage /> }], `/menu?category=${categories[0]!.slug}`);
    const card = (await screen.findByRole("heading", { name: newDrink.name })).closest("article")!;
    expect(within(card).queryByRole("img", { name: /Rated/ })).not.toBeInTheDocument();
    expect(card.querySelectorAll(".rating__star")).toHaveLength(0);
    expect(card).not.toHaveTextContent("0.0");
    expect(within(card).getByText("$5.49")).toBeInTheDocument();

    const rated = screen.getByRole("heading", { name: sunriseOrange.name }).closest("article")!;
    expect(within(rated).getByRole("img", { name: "Rated 4.8 out of 5" })).toBeInTheDocument();
    expect(within(rated).getByText("4.8")).toBeInTheDocument();
  });

  it("shows no stars and no 0.0 on the drink's page", async () => {
    api();
    renderRoutes(
      [{ path: "/categories/:categoryId/products/:id", element: <ProductPage /> }],
      "/categories/cat-fresh-juices/products/prd-sea-buckthorn",
    );
    const heading = await screen.findByRole("heading", { name: newDrink.name, level: 1 });
    const details = heading.closest("article")!;
    expect(within(details).queryByRole("img", { name: /Rated/ })).not.toBeInTheDocument();
    expect(details.querySelectorAll(".rating__star")).toHaveLength(0);
    expect(details).not.toHaveTextContent("0.0");
  });
});

describe("a drink whose picture file is missing", () => {
  it("shows the neutral placeholder on the menu card instead of a broken image", async () => {
    api();
    renderRoutes([{ path: "/menu", element: <MenuPage /> }], "/menu");
    const card = (await screen.findByRole("heading", { name: newDrink.name })).closest("article")!;
    const picture = card.querySelector("img")!;
    expect(picture).toHaveAttribute("src", MISSING_PICTURE);
    failToLoad(picture);
    await waitFor(() => expect(picture).toHaveAttribute("src", DRINK_PLACEHOLDER_IMAGE));
    // Its neighbour's picture loaded: it stays.
    const rated = screen.getByRole("heading", { name: sunriseOrange.name }).closest("article")!;
    expect(rated.querySelector("img")).toHaveAttribute("src", sunriseOrange.image);
  });

  it("shows the placeholder on the drink's page, still named for the drink", async () => {
    api();
    renderRoutes(
      [{ path: "/categories/:categoryId/products/:id", element: <ProductPage /> }],
      "/categories/cat-fresh-juices/products/prd-sea-buckthorn",
    );
    const picture = await screen.findByRole("img", { name: newDrink.name });
    failToLoad(picture);
    await waitFor(() => expect(picture).toHaveAttribute("src", DRINK_PLACEHOLDER_IMAGE));
    expect(picture).toHaveAttribute("alt", newDrink.name);
  });

  it("shows the placeholder in the cart", async () => {
    useCartStore.setState({
      isOpen: true,
      items: [
        {
          id: "line-1",
          productId: newDrink.id,
          categoryId: newDrink.categoryId,
          name: newDrink.name,
          priceCents: 549,
          size: "small",
          quantity: 1,
          comment: "",
          image: MISSING_PICTURE,
        },
      ],
    });
    renderRoutes([{ path: "/menu", element: <CartDrawer /> }], "/menu");
    const dialog = await screen.findByRole("dialog");
    const picture = dialog.querySelector(`img[src='${MISSING_PICTURE}']`)!;
    failToLoad(picture);
    await waitFor(() => expect(picture).toHaveAttribute("src", DRINK_PLACEHOLDER_IMAGE));
  });

  it("finds a picture that failed before the app took over a prerendered page", async () => {
    // As the browser leaves an <img> whose file was missing: complete, and undecodable.
    const decode = givePicturesDecode(() => Promise.reject(new Error("EncodingError")));
    vi.spyOn(HTMLImageElement.prototype, "complete", "get").mockReturnValue(true);
    render(<DrinkImage src={MISSING_PICTURE} alt="" width={160} height={160} />);
    const picture = document.querySelector("img")!;
    await waitFor(() => expect(picture).toHaveAttribute("src", DRINK_PLACEHOLDER_IMAGE));
    expect(decode).toHaveBeenCalled();
  });

  it("keeps a picture that loaded", async () => {
    givePicturesDecode(() => Promise.resolve());
    vi.spyOn(HTMLImageElement.prototype, "complete", "get").mockReturnValue(true);
    render(<DrinkImage src={sunriseOrange.image} alt="" />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.querySelector("img")).toHaveAttribute("src", sunriseOrange.image);
  });

  it("on a prerendered page, shows the placeholder before the app runs, and the app keeps it", async () => {
    // The page's own script (first in its <head>), as the browser runs it.
    const listen = vi.spyOn(document, "addEventListener");
    new Function(MISSING_PICTURES_SCRIPT)();
    const installed = listen.mock.calls.find(([type]) => type === "error")!;
    try {
      document.body.innerHTML = `<img ${DRINK_IMAGE_ATTRIBUTE}="" src="${MISSING_PICTURE}" alt=""><img src="/images/team/ana.jpg" alt="">`;
      const [drink, other] = [...document.querySelectorAll("img")];
      fireEvent.error(drink!);
      fireEvent.error(other!);
      expect(drink).toHaveAttribute("src", DRINK_PLACEHOLDER_IMAGE);
      // Only a drink's picture: another picture of the page is left as it is.
      expect(other).toHaveAttribute("src", "/images/team/ana.jpg");
      document.body.innerHTML = "";

      // The app, taking over such a page, adopts the placeholder the script put there.
      const root = document.createElement("div");
      document.body.append(root);
      root.innerHTML = renderToString(<DrinkImage src={MISSING_PICTURE} alt="" width={160} height={160} />);
      const image = root.querySelector("img")!;
      expect(image).toHaveAttribute(DRINK_IMAGE_ATTRIBUTE);
      image.setAttribute("src", DRINK_PLACEHOLDER_IMAGE);
      // React says the server's src differs (development builds only); the page is what counts.
      vi.spyOn(console, "error").mockImplementation(() => {});
      await act(async () => {
        hydrateRoot(root, <DrinkImage src={MISSING_PICTURE} alt="" width={160} height={160} />);
      });
      await waitFor(() => expect(image).toHaveAttribute("data-placeholder", "true"));
      expect(image).toHaveAttribute("src", DRINK_PLACEHOLDER_IMAGE);
      root.remove();
    } finally {
      document.removeEventListener("error", installed[1] as EventListener, true);
    }
  });
});
