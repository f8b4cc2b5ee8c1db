import type { D1Migration } from "cloudflare:test";
import type { Env as WorkerEnv } from "#worker/env";

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
      TEST_SEED_SQL: string;
      TEST_ZIP_CENTROIDS_SQL: string;
      TEST_SCHEMA_SNAPSHOT: string;
    }
    interface GlobalProps {
      mainModule: typeof import("#worker/index");
    }
  }
}
