/** The home page's static copy, kept apart from its layout. */

export interface ReviewCard {
  rating: number;
  title: string;
  text: string;
  author: string;
  avatar: string;
}

/** The banner's two floating review cards (rating, title, text). */
export const BANNER_REVIEWS: readonly [ReviewCard, ReviewCard] = [
  {
    rating: 5,
    title: "Best juice in Anaheim",
    text: "Sunrise Orange tastes like it was picked this morning. Because it was.",
    author: "Carla M.",
    avatar: "/images/reviews/avatar-carla.svg",
  },
  {
    rating: 4.8,
    title: "My post-run ritual",
    text: "The Green Machine and a ginger shot keep me going all afternoon.",
    author: "Devin K.",
    avatar: "/images/reviews/avatar-devin.svg",
  },
];

export interface Tip {
  title: string;
  text: string;
}

/** The nutrition tips strip (3 tips). */
export const NUTRITION_TIPS: readonly Tip[] = [
  {
    title: "Drink the rainbow",
    text: "Each colour brings different nutrients: rotate orange, red, green and purple through your week.",
  },
  {
    title: "Greens before noon",
    text: "A leafy juice with breakfast is an easy way to get a serving of vegetables in early.",
  },
  {
    title: "Sip, don't gulp",
    text: "Enjoy fresh juice slowly, with a meal or a handful of nuts, for steadier energy.",
  },
];

export type BenefitKind = "digestive" | "immune" | "energy" | "antioxidant";

export interface Benefit {
  kind: BenefitKind;
  title: string;
  text: string;
}

/** The benefits list (4 items: digestive, immune, energy, antioxidant). */
export const BENEFITS: readonly Benefit[] = [
  {
    kind: "digestive",
    title: "Digestive health",
    text: "Ginger, pineapple and leafy greens are gentle on the stomach and kind to your gut.",
  },
  {
    kind: "immune",
    title: "Immune support",
    text: "Citrus, turmeric and berries bring vitamin C and zinc-friendly goodness in every cup.",
  },
  {
    kind: "energy",
    title: "Natural energy",
    text: "Natural fruit sugars and B vitamins lift you up without the coffee crash.",
  },
  {
    kind: "antioxidant",
    title: "Antioxidant boost",
    text: "Deep-coloured fruit and greens are rich in polyphenols that help your cells stay fresh.",
  },
];

export const CUSTOMER_QUOTE = {
  text: "I came in for an orange juice in 2018 and never left. The staff remember my order, my kids love the Strawberry Banana, and the Berry Blast is the best thing in Orange County.",
  author: "Renee T.",
  detail: "Regular since 2018",
} as const;
