import { expect, header, test } from "./support/fixtures";

// A guest browsing: home, the menu's categories and drinks, a drink's page.
// Prices are the seeded ones (seed/menu.sql).

test("home shows every section and the footer's contact details", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/Squeeze/);
  const nav = header(page).getByRole("navigation").first();
  for (const link of ["Home", "About Us", "Menu", "Contact Us"]) {
    await expect(nav.getByRole("link", { name: link, exact: true })).toBeVisible();
  }
  await expect(header(page).getByRole("link", { name: /franchise/i })).toBeVisible();

  const main = page.getByRole("main");
  // Banner with two floating review cards: each a rating out of 5, a title and a text.
  await expect(
    main.getByRole("figure").filter({ has: page.getByRole("img", { name: /^Rated .* out of 5$/ }) }),
  ).toHaveCount(2);
  const section = (name: RegExp) => main.getByRole("region", { name });
  await expect(section(/nutrition tips/i).getByRole("listitem")).toHaveCount(3);
  // The team: three members, each with an image and a name.
  const team = section(/team/i).getByRole("listitem");
  await expect(team).toHaveCount(3);
  for (const member of await team.all()) {
    await expect(member.getByRole("img")).toBeVisible();
    await expect(member.getByRole("heading")).toBeVisible();
  }
  for (const benefit of [/digest/i, /immun/i, /energy/i, /antioxidant/i]) {
    await expect(main.getByRole("heading", { name: benefit })).toBeVisible();
  }
  await expect(main.getByRole("link", { name: "Join Us" })).toHaveAttribute("href", "/partnership");
  await expect(main.locator("blockquote").last()).toBeVisible();

  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText("Revitalize your senses, one sip at a time.");
  await expect(footer).toContainText("2025");
  await expect(footer.locator('a[href^="tel:"]').first()).toBeVisible();
  await expect(footer.locator('a[href^="mailto:"]').first()).toBeVisible();
  await expect(footer.locator('a[href*="maps"]').first()).toBeVisible();

  await main.getByRole("link", { name: "Order Now" }).first().click();
  await expect(page).toHaveURL(/\/menu/);
});

test("about says when and where, and shows the team", async ({ page }) => {
  await page.goto("/about");
  const main = page.getByRole("main");
  await expect(main).toContainText("2017");
  await expect(main).toContainText("California");
  await expect(main.getByRole("heading", { name: /team/i }).first()).toBeVisible();
});

test("the menu selects the first category, switches categories and says when one is empty", async ({ page }) => {
  await page.goto("/menu");
  const chip = (name: string) => page.getByRole("navigation", { name: "Drink categories" }).getByRole("link", { name });
  await expect(chip("Fresh Juices")).toHaveAttribute("aria-current", "true");

  // A drink with sizes shows its small-size price.
  const sunrise = page.getByRole("article").filter({ hasText: "Sunrise Orange" });
  await expect(sunrise).toContainText("$5.49");
  await expect(sunrise.locator("img").first()).toBeVisible();
  await expect(sunrise).toContainText("Cold-pressed Valencia oranges");
  // A small size on sale: the original struck through, the sale price beside it.
  const appleGinger = page.getByRole("article").filter({ hasText: "Apple Ginger Zing" });
  await expect(appleGinger.locator("s, del")).toContainText("$5.99");
  await expect(appleGinger).toContainText("$4.99");
  // Hidden or deleted drinks are not on the menu.
  await expect(page.getByText("Secret Menu Punch")).toHaveCount(0);

  // Another category: its drinks replace the first one's.
  await chip("Green & Detox").click();
  // The selection is in the address, so a reload or a shared link keeps it.
  await expect(chip("Green & Detox")).toHaveAttribute("aria-current", "true");
  await expect(chip("Fresh Juices")).not.toHaveAttribute("aria-current", "true");
  await expect(page).toHaveURL(/[?&]category=green-detox/);
  // A drink without sizes shows its default price.
  await expect(page.getByRole("article").filter({ hasText: "Charcoal Lemon" })).toContainText("$6.99");
  await expect(page.getByRole("article").filter({ hasText: "Sunrise Orange" })).toHaveCount(0);

  await chip("Bubble Tea").click();
  await expect(page.getByText("No drinks in this category")).toBeVisible();
  // Hidden and deleted categories are not offered.
  await expect(chip("Seasonal Specials")).toHaveCount(0);
  await expect(chip("Retired Classics")).toHaveCount(0);

  // The chosen category survives a reload.
  await page.reload();
  await expect(page.getByText("No drinks in this category")).toBeVisible();
});

test("a drink with sizes offers small, medium and large, and shows a size's sale price", async ({ page }) => {
  await page.goto("/menu?category=fresh-juices");
  await page
    .getByRole("link", { name: /Sunrise Orange/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/categories\/cat-fresh-juices\/products\/prd-sunrise-orange/);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Sunrise Orange", level: 1 })).toBeVisible();
  await expect(main.getByRole("img", { name: /Sunrise Orange/ }).first()).toBeVisible();

  // Each size's button starts with the size and says its price.
  const sizes = main.getByRole("group", { name: "Size" }).getByRole("button");
  await expect(sizes).toHaveText([/^small\s*\$5\.49/i, /^medium.*\$6\.99.*\$6\.49/i, /^large\s*\$8\.49/i]);
  await expect(main.getByRole("button", { name: /^default/i })).toHaveCount(0);
  await expect(main.getByTestId("drink-price")).toContainText("$5.49");

  await sizes.nth(1).click();
  await expect(main.getByTestId("drink-price").locator("s, del").filter({ hasText: "$6.99" })).toBeVisible();
  await expect(main.getByTestId("drink-price")).toContainText("$6.49");

  await expect(main.getByText("Add A Comment with Your Order")).toBeVisible();
  await expect(main.getByRole("button", { name: "Order Now" })).toBeVisible();
  await expect(main.getByRole("button", { name: "Add to Cart", exact: true })).toBeVisible();
});

test("a drink without sizes shows its default size's sale price", async ({ page }) => {
  await page.goto("/categories/cat-wellness-shots/products/prd-ginger-shot");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Ginger Fire Shot", level: 1 })).toBeVisible();
  await expect(main.locator("s, del").filter({ hasText: "$3.99" })).toBeVisible();
  await expect(main.getByText("$3.49").first()).toBeVisible();
  await expect(main.getByRole("button", { name: /^(small|medium|large|default)$/i })).toHaveCount(0);
  await expect(main.getByRole("radio")).toHaveCount(0);
});

test("the FAQ opens one answer at a time", async ({ page }) => {
  await page.goto("/categories/cat-fresh-juices/products/prd-sunrise-orange");
  const questions = page.getByRole("main").locator("button[aria-expanded]").filter({ hasText: /\?/ });
  await expect(questions).toHaveCount(7);
  await questions.nth(0).click();
  await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "true");
  await questions.nth(6).click();
  await expect(questions.nth(6)).toHaveAttribute("aria-expanded", "true");
  await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("main")).toContainText(/60-90 minutes/);
});

test("a missing or hidden drink says 'Product not found'", async ({ page }) => {
  await page.goto("/categories/cat-fresh-juices/products/prd-does-not-exist");
  await expect(page.getByText("Product not found")).toBeVisible();
  await page.goto("/categories/cat-fresh-juices/products/prd-secret-menu");
  await expect(page.getByText("Product not found")).toBeVisible();
});

test("an unknown address shows the not-found page inside the layout", async ({ page }) => {
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link").first()).toBeVisible();
});
