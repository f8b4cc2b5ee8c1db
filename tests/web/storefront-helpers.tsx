import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, within } from "@testing-library/react";
import type { ReactElement } from "react";
import toast from "react-hot-toast";
import { Toaster } from "#web/app/toaster";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
import { vi } from "vitest";
import type { Category, Product } from "#common/catalog";
import { useAuthModalStore } from "#web/lib/sign-in-gate/auth-modal-store";
import { useSessionStore, type SessionUser } from "#web/lib/session-store";
import { useCartStore } from "#web/lib/cart-store";
import { useShopChoice } from "#web/lib/shop-store";
import { useCartShopNotice } from "#web/shared-features/shop-picker/reprice-cart";
import { useLocations } from "#web/shared-features/shop-picker/locations-store";
import { useShopPicker } from "#web/shared-features/shop-picker/shop-picker-store";

export const categories: Category[] = [
  { id: "cat-fresh-juices", label: "Fresh Juices", slug: "fresh-juices", image: "/images/categories/fresh-juices.svg" },
  { id: "cat-green-detox", label: "Green & Detox", slug: "green-detox", image: "/images/categories/green-detox.svg" },
  { id: "cat-bubble-tea", label: "Bubble Tea", slug: "bubble-tea", image: "/images/categories/bubble-tea.svg" },
];

export const sunriseOrange: Product = {
  id: "prd-sunrise-orange",
  categoryId: "cat-fresh-juices",
  name: "Sunrise Orange",
  image: "/images/drinks/sunrise-orange.svg",
  description: "Cold-pressed Valencia oranges with a squeeze of blood orange.",
  rating: 4.8,
  gradient: ["#FFB347", "#FF7A00"],
  order: 1,
  sizeSelection: true,
  // Deliberately out of order, with a "default" that must never become a button.
  pricesBySize: {
    large: { priceCents: 849, discountedPriceCents: null },
    default: { priceCents: 100, discountedPriceCents: null },
    medium: { priceCents: 699, discountedPriceCents: 649 },
    small: { priceCents: 549, discountedPriceCents: null },
  },
  ingredients: ["orange", "blood orange"],
  nutrition: "110 kcal · 22 g sugar · 2 g protein (small)",
  featured: true,
  modifierGroups: [],
};

export const appleGinger: Product = {
  id: "prd-apple-ginger",
  categoryId: "cat-fresh-juices",
  name: "Apple Ginger Zing",
  image: "/images/drinks/apple-ginger.svg",
  description: "Crisp Fuji apples pressed with fresh ginger root.",
  rating: 4.6,
  gradient: ["#F6E27F", "#E2A33B"],
  order: 2,
  sizeSelection: true,
  pricesBySize: {
    small: { priceCents: 599, discountedPriceCents: 499 },
    medium: { priceCents: 749, discountedPriceCents: 649 },
    large: { priceCents: 899, discountedPriceCents: 799 },
  },
  ingredients: ["apple", "ginger"],
  nutrition: null,
  featured: false,
  modifierGroups: [],
};

export const greenMachine: Product = {
  id: "prd-green-machine",
  categoryId: "cat-green-detox",
  name: "Green Machine",
  image: "/images/drinks/green-machine.svg",
  description: "Kale, spinach, cucumber, celery, apple and lemon.",
  rating: 4.6,
  gradient: ["#B5E48C", "#52B69A"],
  order: 1,
  sizeSelection: true,
  pricesBySize: {
    small: { priceCents: 649, discountedPriceCents: null },
    medium: { priceCents: 799, discountedPriceCents: null },
    large: { priceCents: 949, discountedPriceCents: null },
  },
  ingredients: ["kale", "spinach", "cucumber", "celery", "apple", "lemon"],
  nutrition: "90 kcal · 12 g sugar · 3 g protein (small)",
  featured: true,
  modifierGroups: [],
};

export const charcoalLemon: Product = {
  id: "prd-charcoal-lemonade",
  categoryId: "cat-green-detox",
  name: "Charcoal Lemon",
  image: "/images/drinks/charcoal-lemonade.svg",
  description: "Activated charcoal, lemon and maple: dark and refreshing.",
  rating: 3.9,
  gradient: ["#6C757D", "#343A40"],
  order: 6,
  sizeSelection: false,
  pricesBySize: { default: { priceCents: 699, discountedPriceCents: null } },
  ingredients: ["charcoal", "lemon", "maple"],
  nutrition: null,
  featured: false,
  modifierGroups: [],
};

export const signedInUser: SessionUser = {
  uid: "usr-1",
  username: "Ada Lovelace",
  email: "ada@example.com",
  phone: "",
  isAuthenticated: true,
  staff: null,
};

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

export type Handler = (request: { url: string; method: string; body: unknown }) => Response | Promise<Response>;

/**
 * Fakes the worker at `fetch`: each handler is keyed by "METHOD /path" (query string ignored).
 * Anything unexpected is a 404 in the API's error shape, and is recorded.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? "GET").toUpperCase();
    const path = new URL(url, "http://localhost").pathname;
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    const handler = handlers[`${method} ${path}`];
    if (!handler) return json({ error: { code: "not_found", message: `No API route for ${method} ${path}` } }, 404);
    return handler({ url, method, body });
  });
  return { spy, calls };
}

export function menuApi(overrides: Record<string, Handler> = {}) {
  return mockApi({
    "GET /api/categories": () => json(categories),
    "GET /api/categories/cat-fresh-juices/products": () => json([sunriseOrange, appleGinger]),
    "GET /api/categories/cat-green-detox/products": () => json([greenMachine, charcoalLemon]),
    "GET /api/categories/cat-bubble-tea/products": () => json([]),
    "GET /api/categories/cat-fresh-juices/products/prd-sunrise-orange": () => json(sunriseOrange),
    "GET /api/categories/cat-fresh-juices/products/prd-apple-ginger": () => json(appleGinger),
    "GET /api/categories/cat-green-detox/products/prd-charcoal-lemonade": () => json(charcoalLemon),
    "GET /api/me": () => json({ uid: "", username: "", email: "", phone: "", isAuthenticated: false }),
    ...overrides,
  });
}

/** Renders routes in a memory router with a fresh query client (no retries) and a toaster. */
export function renderRoutes(routes: RouteObject[], initialEntry: string, extra?: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: 60_000 } } });
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {extra}
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}

/** Every store back to a fresh visit: guest, empty closed cart, no modal, no toasts, nothing saved. */
export function resetStores() {
  // Toasts live in a module-level store: drop those a previous test left behind.
  toast.remove();
  localStorage.clear();
  sessionStorage.clear();
  useSessionStore.getState().clearUser();
  // A page rendered alone has no session check of its own: as if GET /api/me had answered.
  useSessionStore.setState({ checked: true });
  useCartStore.setState({ isOpen: false, items: [], checkoutDetails: null, shopId: null });
  useShopChoice.setState({ shopId: null });
  useLocations.setState({ locations: null, failed: false, failures: 0, pendingRetry: null });
  useCartShopNotice.setState({ notice: null });
  useShopPicker.setState({ isOpen: false });
  useAuthModalStore.setState({ isOpen: false, pendingAction: null, pendingIntent: null });
}

export function signInAs(user: SessionUser = signedInUser) {
  useSessionStore.getState().setUser(user);
}

/** A description list as the shopper reads it: each term with the text beside it. */
export function termsAndDefinitions(container: HTMLElement): [string | null, string | null | undefined][] {
  return within(container)
    .getAllByRole("term")
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
}

/**
 * The device's clock set to a time zone (a shopper at home in Anaheim, or travelling): what
 * `Intl.DateTimeFormat().resolvedOptions()` reports, as the pages ask it. Undone by vi.restoreAllMocks.
 */
export function deviceClockIn(timeZone: string) {
  const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
  return vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolvedOptions.call(this), timeZone };
  });
}
