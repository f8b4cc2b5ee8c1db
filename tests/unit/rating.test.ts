import { describe, expect, it } from "vitest";
import { filledStars, isStarFilled } from "#web/components/rating";

describe("star rule", () => {
  it.each([
    [0, 0],
    [1, 1],
    [3, 3],
    [3.2, 3],
    [3.25, 3],
    [3.26, 4],
    [3.3, 4],
    [4.3, 5],
    [4.5, 5],
    [4.25, 4],
    [4.8, 5],
    [5, 5],
    [0.2, 0],
    [0.3, 1],
  ])("a rating of %d fills %d stars", (rating, stars) => {
    expect(filledStars(rating)).toBe(stars);
  });

  it("fills the whole stars, and the next one only when the fraction is above 0.25", () => {
    expect([1, 2, 3, 4, 5].map((index) => isStarFilled(index, 2.6))).toEqual([true, true, true, false, false]);
    expect([1, 2, 3, 4, 5].map((index) => isStarFilled(index, 2.25))).toEqual([true, true, false, false, false]);
    expect([1, 2, 3, 4, 5].map((index) => isStarFilled(index, 2.0))).toEqual([true, true, false, false, false]);
  });

  it("keeps ratings outside 0 to 5 within the five stars", () => {
    expect(filledStars(7)).toBe(5);
    expect(filledStars(-1)).toBe(0);
    expect(filledStars(Number.NaN)).toBe(0);
  });
});
