/** What TypeScript callers use of chromium.mjs (see there). */
export const chromiumPath: string;
export const journeysChromiumPath: string;
export function playwrightChromiumArgs(): string[];
