import { startForwardingProxy } from "#scripts/lib/forwarding-proxy.mjs";
import { expect, test } from "./support/fixtures";
import { layoutShiftScore, layoutShifts, watchLayoutShifts } from "./support/layout-shifts";

// On a slow network a page's HTML arrives in parts, and a browser may paint the part it has. The
// pages that come with the app's HTML paint once it is all there, so what the first paint shows
// never moves when the rest arrives (worker/services/landing/whole-first-paint.ts). A proxy in
// front of the served app stands in for the network: it holds a page's HTML back from the text
// named in the request's `x-split-before` header for half a second.

let proxy: Awaited<ReturnType<typeof startForwardingProxy>>;

test.beforeAll(async ({ baseURL }) => {
  proxy = await startForwardingProxy(baseURL!, (incoming, answer, outgoing) => {
    const splitBefore = incoming.headers["x-split-before"];
    if (typeof splitBefore !== "string" || !answer.headers["content-type"]?.includes("text/html")) {
      outgoing.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(outgoing);
      return;
    }
    const parts: Buffer[] = [];
    answer.on("data", (part: Buffer) => parts.push(part));
    answer.on("end", () => {
      const html = Buffer.concat(parts).toString("utf8");
      const at = html.indexOf(splitBefore);
      const headers = { ...answer.headers };
      delete headers["content-length"];
      outgoing.writeHead(at > 0 ? answer.statusCode! : 502, headers);
      if (at <= 0) return outgoing.end(`No "${splitBefore}" in the page`);
      outgoing.write(html.slice(0, at));
      setTimeout(() => outgoing.end(html.slice(at)), 500);
    });
  });
});

test.afterAll(() => proxy.close());

const SPLITS = [
  {
    path: "/",
    width: 1440,
    before: '<div class="hero__art"',
    what: "the home page's copy without the picture beside it",
  },
  { path: "/", width: 1440, before: "My post-run ritual", what: "the home page's lower review card's name and stars" },
  { path: "/menu", width: 1440, before: "<span>Smoothies</span>", what: "the menu's first category chip" },
  { path: "/menu", width: 390, before: "<span>Smoothies</span>", what: "the menu's first category chip on a phone" },
] as const;

for (const split of SPLITS) {
  test(`at ${split.width} px, HTML that stops after ${split.what} for half a second paints whole: nothing moves`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: split.width, height: split.width === 390 ? 844 : 900 });
    await page.setExtraHTTPHeaders({ "x-split-before": split.before });
    await watchLayoutShifts(page);
    const response = await page.goto(proxy.origin + split.path);
    expect(response?.status()).toBe(200);
    await expect(page.locator("#root[data-hydrate]")).toHaveCount(0);
    const shifts = await layoutShifts(page);
    // As in shop-words.spec.ts: a score that rounds to 0.000 is nothing moving.
    expect(layoutShiftScore(shifts), JSON.stringify(shifts)).toBeLessThan(0.0005);
  });
}
