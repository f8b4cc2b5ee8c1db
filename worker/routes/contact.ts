import { Hono } from "hono";
import type { AppEnv } from "../env";

// Filled in by its own issue; mounted now so the app's shape is settled.
export const contactRouter = new Hono<AppEnv>();
