export const MAX_STARS = 5;

/**
 * The spec's star rule, made exact: with r the rating clamped to 0..5, star i (1-based)
 * is filled when i <= floor(r), or when i == floor(r) + 1 and the fractional part of r
 * is above 0.25. So 4.25 shows 4 stars, 4.26 shows 5, 3.0 shows 3.
 */
export function isStarFilled(index: number, rating: number): boolean {
  const clamped = Number.isFinite(rating) ? Math.min(Math.max(rating, 0), MAX_STARS) : 0;
  const whole = Math.floor(clamped);
  // Rounded so that binary noise (4.3 - 4 = 0.2999...) never flips a star at the boundary.
  const fraction = Math.round((clamped - whole) * 1e6) / 1e6;
  if (index <= whole) return true;
  return index === whole + 1 && fraction > 0.25;
}

/**
 * Whether a drink has a rating at all: 0 (what a drink added by SQL without one gets) means
 * unrated, and shows no stars and no "0.0" rather than five empty stars.
 */
export function isRated(rating: number): boolean {
  return Number.isFinite(rating) && rating > 0;
}

/** How many of the 5 stars are filled for a rating. */
export function filledStars(rating: number): number {
  let count = 0;
  for (let index = 1; index <= MAX_STARS; index += 1) {
    if (isStarFilled(index, rating)) count += 1;
  }
  return count;
}

export interface RatingProps {
  value: number;
  /** Overrides the spoken text, which is "Rated 4.5 out of 5" by default. */
  label?: string;
  /** Star size in pixels. */
  size?: number;
  className?: string;
}

const STAR_PATH = "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z";

/** A rating as 5 stars; screen readers hear the number, not the stars. Nothing for an unrated drink. */
export function Rating({ value, label, size = 18, className }: RatingProps) {
  if (!isRated(value)) return null;
  const spoken = label ?? `Rated ${Number.isFinite(value) ? Math.round(value * 10) / 10 : 0} out of ${MAX_STARS}`;
  return (
    <span role="img" aria-label={spoken} className={["rating", className].filter(Boolean).join(" ")}>
      {Array.from({ length: MAX_STARS }, (_, offset) => {
        const filled = isStarFilled(offset + 1, value);
        return (
          <svg
            key={offset}
            viewBox="0 0 24 24"
            width={size}
            height={size}
            aria-hidden="true"
            focusable="false"
            className="rating__star"
            data-filled={filled ? "true" : "false"}
          >
            <path d={STAR_PATH} />
          </svg>
        );
      })}
    </span>
  );
}

export default Rating;
