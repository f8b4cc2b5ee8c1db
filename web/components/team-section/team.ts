import { brand } from "#web/config/brand";

export interface TeamMember {
  name: string;
  role: string;
  bio: string;
  /** An original SVG portrait in public/images/team/. */
  image: string;
}

/** The three people behind the counter (spec: team of 3, each with an image). */
export const TEAM: readonly TeamMember[] = [
  {
    name: `${brand.ownerFirstName} Alvarez`,
    role: "Founder & head juicer",
    bio: "Opened the first Squeeze bar in 2017 with one press, a farmers-market habit and a lot of oranges.",
    image: "/images/team/founder.svg",
  },
  {
    name: "Jonah Reyes",
    role: "Smoothie architect",
    bio: "Balances every blend so it tastes like a treat and still keeps you going until lunch.",
    image: "/images/team/smoothie-architect.svg",
  },
  {
    name: "Priya Shah",
    role: "Nutrition lead",
    bio: "A registered dietitian who checks each recipe and writes the tips on our cups.",
    image: "/images/team/nutrition-lead.svg",
  },
];
