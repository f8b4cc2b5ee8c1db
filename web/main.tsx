// The base styles come first, so each component's own CSS (imported below them) wins ties.
import "./styles/global.css";
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { loadLandingPage } from "./app/router";
// After the layout's styles, as the landing pages' own chunks were (see the file).
import "./styles/landing.css";

const root = createRoot(document.getElementById("root")!);

// The first render waits for the landing page's code and data (not with a top-level await: that code
// imports from this entry, which could then never finish). It is a transition: React renders
// it in small slices and lets the browser paint and answer input in between, instead of one
// long task while the phone is busiest.
void loadLandingPage(window.location).then(() => {
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
