import { describe, expect, it } from "vitest";
import { isAppPage } from "#common/app-pages";
import { productPagePath } from "#common/landing";

describe("productPagePath: a drink's address, from the pattern the app routes and the worker serves", () => {
  it("fills in the category and the drink", () => {
    expect(productPagePath({ categoryId: "cat-fresh-juices", id: "prd-sunrise-orange" })).toBe(
      "/categories/cat-fresh-juices/products/prd-sunrise-orange",
    );
  });

  it("encodes what is not safe in an address, so it stays one segment each", () => {
    expect(productPagePath({ categoryId: "a/b", id: "c d?:id" })).toBe("/categories/a%2Fb/products/c%20d%3F%3Aid");
  });

  it("is a page the worker answers with 200", () => {
    expect(isAppPage(productPagePath({ categoryId: "cat-smoothies", id: "prd-berry-blast" }))).toBe(true);
  });
});
