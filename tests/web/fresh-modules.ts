import { vi } from "vitest";

// Component test files share one jsdom (vitest.config.ts); each still loads the app's own modules
// afresh, as a page load would, so module-level state (a fetched list, a first-visit flag) never
// carries over from another file.
vi.resetModules();
