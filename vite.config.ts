import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// One `vite dev` serves the SPA (web/) and runs the worker (worker/) in workerd beside it.
export default defineConfig({
  plugins: [react(), cloudflare()],
  server: { port: Number(process.env.PORT ?? 5173), strictPort: false },
  build: { sourcemap: false },
});
