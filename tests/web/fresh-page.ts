import toast from "react-hot-toast";
import { vi } from "vitest";

// Component test files share one jsdom (vitest.config.ts); each still starts as a fresh page
// load would: the app's own modules evaluated afresh (module-level state such as a fetched list
// or a first-visit flag never carries over), an empty document, empty storage and cookies, the
// first address, and no toasts (react-hot-toast keeps its list in the package, which stays loaded).
vi.resetModules();
vi.useRealTimers();
toast.remove();
document.head.replaceChildren();
document.body.replaceChildren();
document.title = "";
localStorage.clear();
sessionStorage.clear();
for (const cookie of document.cookie.split(";")) {
  const name = cookie.split("=")[0]!.trim();
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
window.history.replaceState(null, "", "/");
