// The base styles come first, so each component's own CSS (imported below them) wins ties.
import "./styles/global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { prefetchLandingPage } from "./app/router";

prefetchLandingPage(window.location.pathname);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
