/** The home page's first-screen picture: the page shows it, and the worker preloads it (worker/services/landing/content.ts). */
export const HOME_HERO_IMAGE = "/images/home/hero.svg";

/** A drink's page, as the app routes it and the worker serves it (`:id` is the drink's id). */
export const PRODUCT_PAGE_PATH = "/categories/:categoryId/products/:id";
