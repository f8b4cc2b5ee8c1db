/** The home page's first-screen picture: the page shows it, and the worker preloads it (worker/routes/pages.ts). */
export const HOME_HERO_IMAGE = "/images/home/hero.svg";
