import type { LaunchOptions } from "@playwright/test";
import { chromiumPath, playwrightChromiumArgs } from "#scripts/lib/chromium.mjs";

/**
 * The full Chromium, for journeys about push and notifications: the headless shell the other
 * journeys use has no push messaging, so the app rightly offers no "Tell me when it's ready"
 * there (docs/decisions/0060). `test.use({ launchOptions: fullChromium })` in such a file.
 */
export const fullChromium: LaunchOptions = { executablePath: chromiumPath, args: playwrightChromiumArgs() };
