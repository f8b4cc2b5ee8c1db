// The base styles come first, so each component's own CSS (imported below them) wins ties.
import "./styles/global.css";
import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { HYDRATE_ATTRIBUTE } from "#common/landing";
import { App } from "./app/app";
import { loadLandingPage } from "./app/router";
import { RenderedShop, renderedShopOf } from "./lib/rendered-shop";
// After the layout's styles, as the landing pages' own chunks were (see the file).
import "./styles/landing.css";

const container = document.getElementById("root")!;

// The first render waits for the landing page's code and data (not with a top-level await: that
// code imports from this entry, which could then never finish), so it produces the page the HTML
// already shows. It is a transition: React works in small slices and lets the browser paint and
// answer input in between, instead of one long task while the phone is busiest.
void loadLandingPage(window.location).then(() => {
  const hydrating = container.hasAttribute(HYDRATE_ATTRIBUTE);
  // The shop whose words the HTML shows, so the first render draws the same ones.
  const app = (
    <StrictMode>
      <RenderedShop value={renderedShopOf(container)}>
        <App />
      </RenderedShop>
    </StrictMode>
  );
  startTransition(() => {
    if (hydrating) {
      // The landing pages come as the app's own HTML (web/prerender-app.tsx): React adopts it
      // instead of building every element again, which spared a phone the page's longest task.
      // A difference React has to repair (the shop's state changing in between) is not an
      // error the shopper sees: React renders that part afresh.
      hydrateRoot(container, app, {
        onRecoverableError: (error) => console.warn("The page's HTML differed from the app; React redrew it.", error),
      });
    } else {
      // Every other page comes with the page frame only (index.html), which this render replaces.
      createRoot(container).render(app);
    }
  });
});
