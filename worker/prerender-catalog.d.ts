// The worker's view of web/prerender-catalog.tsx. Package.json's `imports` maps
// `#prerender-catalog` to the React module for the bundler and to this file for the
// worker's type check, which knows nothing of the DOM or JSX.
import type { CatalogPrerender } from "#common/prerender";

export declare const renderMenuPage: CatalogPrerender["renderMenuPage"];
export declare const renderProductPage: CatalogPrerender["renderProductPage"];
export declare const renderAppPage: CatalogPrerender["renderAppPage"];
