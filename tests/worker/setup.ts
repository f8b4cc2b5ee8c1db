import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { seedStatements } from "./seed-sql";

// Every test file starts from the real schema and the real menu.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await env.DB.batch(seedStatements(env.TEST_SEED_SQL).map((statement) => env.DB.prepare(statement)));
