import { describe, expect, it } from "vitest";
import { slugify } from "#common/slug";

describe("slug rule", () => {
  it.each([
    ["Green & Detox", "green-detox"],
    ["  Big   Juice!! ", "big-juice"],
    ["Fresh Juices", "fresh-juices"],
    ["Wellness Shots", "wellness-shots"],
    ["Smoothies", "smoothies"],
    ["Half-and-Half 2", "halfandhalf-2"],
    ["Açaí Bowls", "aa-bowls"],
    ["", ""],
  ])("%j becomes %j", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});
