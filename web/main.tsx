// The base styles come first, so each component's own CSS (imported below them) wins ties.
import "./styles/global.css";
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { prefetchLandingPage } from "./app/router";

prefetchLandingPage(window.location.pathname);

// The first render is a transition: React renders it in small slices and lets the browser
// paint and answer input in between, instead of one long task while the phone is busiest.
const root = createRoot(document.getElementById("root")!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
