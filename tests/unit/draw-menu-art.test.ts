import { describe, expect, it } from "vitest";
import seed from "../../seed/menu.sql?raw";

// Every drink's picture is drawn from the seed by scripts/draw-menu-art.mjs (run it after
// editing the seed): its category's vessel in its own colours, with its main ingredients.

const pictures = import.meta.glob<string>("../../public/images/drinks/*.svg", {
  query: "?raw",
  import: "default",
  eager: true,
});
const picture = (image: string) => pictures[`../../public${image}`];
const drinks = [...seed.matchAll(/\('(prd-[a-z-]+)', 'cat-[a-z-]+', '[^']*', '(\/images\/drinks\/[a-z-]+\.svg)'/g)].map(
  ([, id, image]) => ({ id: id!, image: image! }),
);

describe("the drinks' pictures", () => {
  it("exist for every drink in the seed, differ from one drink to the next, and stay light", () => {
    expect(drinks.length).toBeGreaterThan(30);
    const seen = new Map<string, string>();
    for (const drink of drinks) {
      const svg = picture(drink.image);
      expect(svg, `${drink.image} is drawn`).toMatch(/^<svg[\s>]/);
      expect(new TextEncoder().encode(svg).length, drink.image).toBeLessThanOrEqual(2048);
      expect(seen.get(svg!), `${drink.image} looks like another drink`).toBeUndefined();
      seen.set(svg!, drink.image);
    }
  });

  it("show the main ingredients: the orange wheel of Sunrise Orange, the berries of Berry Blast", () => {
    const sunrise = picture("/images/drinks/sunrise-orange.svg")!;
    const berry = picture("/images/drinks/berry-blast.svg")!;
    expect(sunrise).toContain('fill="#fd7e14"'); // the orange's rind
    expect(berry).toContain('fill="#364fc7"'); // blueberries
    expect(berry).toContain('fill="#e03131"'); // a strawberry
    expect(sunrise).not.toContain('fill="#364fc7"');
  });
});
