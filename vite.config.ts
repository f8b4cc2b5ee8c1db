import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// One `vite dev` serves the SPA (web/) and runs the worker (worker/) in workerd beside it.
export default defineConfig({
  plugins: [
    react(),
    // SQUEEZE_STATE_DIR lets a second server (the browser tests, a benchmark) use its own local D1.
    cloudflare(process.env.SQUEEZE_STATE_DIR ? { persistState: { path: process.env.SQUEEZE_STATE_DIR } } : {}),
  ],
  resolve: {
    // The headless build of react-hot-toast: the default one injects a <style> tag (goober),
    // which the CSP (style-src 'self') refuses. web/app/toaster.tsx draws the toasts with our CSS.
    alias: [{ find: /^react-hot-toast$/, replacement: "react-hot-toast/headless" }],
  },
  server: { port: Number(process.env.PORT ?? 5173), strictPort: false },
  build: { sourcemap: false },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              // Everything the entry imports statically is downloaded on every first visit anyway:
              // one file for it (the lazy pages import from it) instead of a handful of small shared
              // chunks, which gzip worse and cost a request each. Pages stay their own chunks.
              groups: [{ name: "index", tags: ["$initial"] }],
            },
          },
        },
      },
    },
  },
});
