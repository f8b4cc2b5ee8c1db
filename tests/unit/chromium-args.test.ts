import { describe, expect, it } from "vitest";
import { playwrightChromiumArgs } from "#scripts/lib/chromium.mjs";

// Chromium reads only the last --disable-features it is given: the journeys' browser must get one
// that keeps Playwright's features off (HTTP stays HTTP, paint holding, storage partitioning) and
// adds the address-bar popup pages a headless window never shows (docs/decisions/0059).
describe("the switches of a Chromium Playwright starts", () => {
  const args = playwrightChromiumArgs();
  const disableFeatures = args.filter((arg) => arg.startsWith("--disable-features="));

  it("hold one --disable-features, with Playwright's own features and the omnibox popup's", () => {
    expect(disableFeatures).toHaveLength(1);
    const features = disableFeatures[0]!.slice("--disable-features=".length).split(",");
    expect(features).toEqual(
      expect.arrayContaining([
        "HttpsUpgrades",
        "PaintHolding",
        "ThirdPartyStoragePartitioning",
        "WebUIOmniboxPopup",
        "WebUIOmniboxAimPopup",
      ]),
    );
    expect(new Set(features).size).toBe(features.length);
  });

  it("keep chromium.json's headless and closed-network switches", () => {
    expect(args).toEqual(expect.arrayContaining(["--headless", "--disable-background-networking", "--disable-quic"]));
  });
});
