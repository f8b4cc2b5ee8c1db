/**
 * A page that comes with the app's HTML paints once that HTML has been read to its end, never a
 * part of it. A browser that paints what has arrived so far lays the first screen out without
 * what comes next (the home page's copy without the picture beside it, the menu's chips without
 * the rest of the row) and moves it when the rest arrives. `<link rel="expect" blocking="render">`
 * holds rendering until the element it names is in the document: the marker right after #root.
 * A browser without it paints as before. See docs/decisions/0061-the-first-paint-waits-for-the-page.md.
 */
const PAGE_READ_ID = "page-read";

/** In <head>: render nothing before the marker is parsed. */
export const RENDER_WHEN_READ_TAG = `<link rel="expect" href="#${PAGE_READ_ID}" blocking="render">`;

/** Right after #root: inert, outside what React hydrates. */
export const PAGE_READ_MARKER = `<template id="${PAGE_READ_ID}"></template>`;
