import { describe, expect, it } from "vitest";
import { isAppPage } from "#common/app-pages";

describe("isAppPage: the addresses the worker answers with 200 rather than 404", () => {
  it.each([
    "/",
    "/about",
    "/menu",
    "/menu/",
    "/categories/cat-fresh-juices/products/prd-sunrise-orange",
    "/contact",
    "/partnership",
    "/checkout",
    "/orders",
    "/orders/ord-123",
    "/account",
    "/login",
    "/staff",
  ])("%s is a page", (path) => expect(isAppPage(path)).toBe(true));

  it.each([
    "/no-such-page",
    "/About",
    "/menu/extra",
    "/categories/cat-fresh-juices",
    "/categories/cat-fresh-juices/products",
    "/categories/cat-fresh-juices/products/prd-sunrise-orange/extra",
    "/categories//products/prd-x",
    "/orders/ord-1/more",
    "/index.html",
  ])("%s is not", (path) => expect(isAppPage(path)).toBe(false));
});
