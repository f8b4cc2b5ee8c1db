import { resetDatabase } from "./fresh-database";

// Every test file starts from the real schema and the real menu, and nothing another file wrote.
await resetDatabase();
