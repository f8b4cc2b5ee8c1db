import { sql } from "drizzle-orm";
import { text } from "drizzle-orm/sqlite-core";

/** When a row was written, set by D1 in ISO-8601 UTC like every other time in the database. */
export const createdAt = () =>
  text("created_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);
