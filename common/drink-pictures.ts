/** What a drink shows while its own picture file is missing: a neutral cup, the same size. */
export const DRINK_PLACEHOLDER_IMAGE = "/images/drink-placeholder.svg";

/** Marks a drink's picture (web/components/drink-image.tsx), for the script below to find. */
export const DRINK_IMAGE_ATTRIBUTE = "data-drink-image";

/**
 * On a page the worker sends as the app's own HTML (the menu, a drink's page), a drink's picture
 * whose file is missing fails before the app has run, and no error reaches React then: the
 * browser would show its broken image until the app takes over. This script, first in the
 * page's <head> (worker/services/landing/page.ts), catches those failures as they happen (an
 * image's error does not bubble, so it listens in the capture phase) and shows the placeholder.
 * The app, once it runs, adopts the placeholder (web/components/drink-image.tsx).
 *
 * Plain ES5 in a string, like common/early-taps.ts: sent inline, allowed by its hash.
 */
export const MISSING_PICTURES_SCRIPT =
  `document.addEventListener("error",function(event){var image=event.target;` +
  `if(image&&image.tagName==="IMG"&&image.hasAttribute("${DRINK_IMAGE_ATTRIBUTE}")` +
  `&&image.getAttribute("src")!=="${DRINK_PLACEHOLDER_IMAGE}"){image.setAttribute("src","${DRINK_PLACEHOLDER_IMAGE}");}},true);`;
