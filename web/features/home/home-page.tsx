import type { ComponentType, ReactNode, SVGProps } from "react";
import { Link } from "#web/components/link";
import { HOME_HERO_IMAGE } from "#common/landing";
import { usePageMeta } from "#web/lib/use-page-meta";
import { Rating } from "#web/components/rating";
import {
  ArrowRightIcon,
  BoltIcon,
  ClockIcon,
  DropletIcon,
  LeafIcon,
  QuoteIcon,
  ShieldIcon,
  SparkleIcon,
} from "#web/components/icons/icons";
import { brand } from "#web/config/brand";
import { deliveryFact, heroPromise, pressedIn } from "#web/config/shop-words";
import { useShopDetails } from "#web/shared-features/shop-picker/use-shop-details";
import {
  BANNER_REVIEWS,
  BENEFITS,
  CUSTOMER_QUOTE,
  NUTRITION_TIPS,
  type BenefitKind,
  type ReviewCard,
} from "./home-content";
import { FeaturedDrinks } from "./featured-drinks";
import { TeamSection } from "#web/components/team-section/team-section";

const BENEFIT_ICONS: Record<BenefitKind, ComponentType<SVGProps<SVGSVGElement>>> = {
  digestive: LeafIcon,
  immune: ShieldIcon,
  energy: BoltIcon,
  antioxidant: SparkleIcon,
};

const TIP_ICONS = [SparkleIcon, LeafIcon, DropletIcon] as const;

function FloatingReview({ review, position }: { review: ReviewCard; position: "top" | "bottom" }) {
  return (
    <figure className={`review-card review-card--${position}`}>
      <div className="review-card__head">
        <img src={review.avatar} alt="" width="44" height="44" fetchPriority="low" className="review-card__avatar" />
        <div>
          <Rating value={review.rating} />
          <figcaption className="review-card__author">{review.author}</figcaption>
        </div>
      </div>
      <p className="review-card__title">{review.title}</p>
      <blockquote className="review-card__text">
        <p>{review.text}</p>
      </blockquote>
    </figure>
  );
}

function Banner() {
  // The HTML is built once for every shop: the business's words, then the chosen shop's once the
  // app has taken over (one line each, so nothing moves).
  const shop = useShopDetails();
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__grid">
        <div className="hero__copy">
          <span className="eyebrow">{pressedIn(shop)}</span>
          <h1 id="hero-title">
            Fresh juice, <span className="hero__accent">squeezed</span> for your day
          </h1>
          <p className="lead">
            Juices, smoothies, lemonades and wellness shots made to order from whole fruit and vegetables — at our bars,
            or at your door where your shop delivers.
          </p>
          <div className="hero__actions">
            <Link to="/menu" className="btn btn--primary btn--large">
              See the menu <ArrowRightIcon width={20} height={20} />
            </Link>
            <Link to="/about" className="btn btn--ghost btn--large">
              Our story
            </Link>
          </div>
          <p className="hero__promise">
            <ClockIcon width={20} height={20} /> {heroPromise(shop)}
          </p>
        </div>
        <div className="hero__art">
          <img
            src={HOME_HERO_IMAGE}
            alt="Three fresh drinks — an orange juice, a berry smoothie and a green juice — among fruit slices"
            width="520"
            height="520"
            fetchPriority="high"
            className="hero__image"
          />
          <FloatingReview review={BANNER_REVIEWS[0]} position="top" />
          <FloatingReview review={BANNER_REVIEWS[1]} position="bottom" />
        </div>
      </div>
    </section>
  );
}

function NutritionTips() {
  return (
    <section className="tips" aria-labelledby="tips-title">
      <div className="container">
        <h2 id="tips-title" className="visually-hidden">
          Nutrition tips
        </h2>
        <ol role="list" className="tips__list">
          {NUTRITION_TIPS.map((tip, index) => {
            const TipIcon = TIP_ICONS[index % TIP_ICONS.length]!;
            return (
              <li key={tip.title} className="tips__item">
                <span className="tips__icon" aria-hidden="true">
                  <TipIcon />
                </span>
                <div>
                  <h3 className="tips__title">{tip.title}</h3>
                  <p className="tips__text">{tip.text}</p>
                </div>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}

/** A story told beside its illustration; `reverse` puts the picture on the other side. */
function StorySection({
  id,
  eyebrow,
  title,
  image,
  reverse = false,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  image: { src: string; alt: string };
  reverse?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      className={reverse ? "section section--tinted split split--reverse" : "section split"}
      aria-labelledby={id}
    >
      <div className="container split__grid">
        <img
          src={image.src}
          alt={image.alt}
          width="480"
          height="400"
          loading="lazy"
          decoding="async"
          className="split__image"
        />
        <div className="split__copy stack">
          <span className="eyebrow">{eyebrow}</span>
          <h2 id={id}>{title}</h2>
          {children}
        </div>
      </div>
    </section>
  );
}

function BrandStory() {
  return (
    <StorySection
      id="brand-story-title"
      eyebrow="Our promise"
      title="Nothing between you and the fruit"
      image={{ src: "/images/home/brand-story.svg", alt: "A citrus press squeezing an orange into a glass" }}
    >
      <p>
        Every {brand.name} drink starts as whole produce from California growers, pressed or blended the moment you
        order. No concentrates, no syrups, no powders pretending to be fruit.
      </p>
      <p>Pick a size, leave us a note — less ice, extra ginger, no banana — and we will make it exactly your way.</p>
      <div>
        <Link to="/menu" className="btn btn--primary btn--large">
          Order Now
        </Link>
      </div>
    </StorySection>
  );
}

function ShopStory() {
  const shop = useShopDetails();
  return (
    <StorySection
      id="shop-story-title"
      eyebrow="The shop"
      title="A little bar on Brookhurst Street"
      image={{
        src: "/images/home/shop.svg",
        alt: "The Squeeze juice bar: a striped awning over a counter lined with fruit",
      }}
      reverse
    >
      <p>
        We opened in {brand.foundedYear} with a single counter, one cold press and a crate of Valencia oranges. Today
        the bar on Brookhurst serves neighbours, students and early-morning runners across {brand.region}.
      </p>
      <p>Come say hi, watch your juice being pressed, and ask what is in season — the chalkboard changes every week.</p>
      <dl className="shop-facts">
        <div>
          <dt>Since</dt>
          <dd>{brand.foundedYear}</dd>
        </div>
        <div>
          <dt>Drinks</dt>
          <dd>30+</dd>
        </div>
        <div>
          <dt>Delivery</dt>
          <dd>{deliveryFact(shop)}</dd>
        </div>
      </dl>
    </StorySection>
  );
}

function Benefits() {
  return (
    <section className="section benefits" aria-labelledby="benefits-title">
      <div className="container">
        <header className="section__header">
          <span className="eyebrow">Why fresh juice</span>
          <h2 id="benefits-title">Good for you, one sip at a time</h2>
        </header>
        <ul role="list" className="benefits__grid">
          {BENEFITS.map((benefit) => {
            const BenefitIcon = BENEFIT_ICONS[benefit.kind];
            return (
              <li key={benefit.kind} className={`benefit benefit--${benefit.kind}`}>
                <span className="benefit__icon" aria-hidden="true">
                  <BenefitIcon />
                </span>
                <h3 className="benefit__title">{benefit.title}</h3>
                <p className="benefit__text">{benefit.text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

function JoinUs() {
  return (
    <section className="section join" aria-labelledby="join-title">
      <div className="container">
        <div className="join__card">
          <div className="join__copy stack">
            <span className="eyebrow eyebrow--light">Franchise with us</span>
            <h2 id="join-title">Bring {brand.name} to your neighbourhood</h2>
            <p>
              Reduced royalty and ad fees for the first three years, recipes that sell, and a team that has done it
              before. Tell us about yourself and the place you have in mind.
            </p>
          </div>
          <Link to="/partnership" className="btn btn--large join__button">
            Join Us <ArrowRightIcon width={20} height={20} />
          </Link>
        </div>
      </div>
    </section>
  );
}

function CustomerQuote() {
  return (
    <section className="section quote" aria-label="What our customers say">
      <div className="container">
        <figure className="quote__figure">
          <QuoteIcon className="quote__mark" width={48} height={48} />
          <blockquote className="quote__text">
            <p>{CUSTOMER_QUOTE.text}</p>
          </blockquote>
          <figcaption className="quote__author">
            <strong>{CUSTOMER_QUOTE.author}</strong>
            <span>{CUSTOMER_QUOTE.detail}</span>
          </figcaption>
        </figure>
      </div>
    </section>
  );
}

export default function HomePage() {
  usePageMeta(
    `${brand.name} — fresh juice, smoothies and wellness shots`,
    `Cold-pressed juices, smoothies, lemonades and wellness shots from ${brand.name}, pressed fresh in ${brand.region} since ${brand.foundedYear}. Order online for pickup or delivery.`,
  );
  return (
    <>
      <Banner />
      <FeaturedDrinks />
      <NutritionTips />
      <BrandStory />
      <TeamSection />
      <ShopStory />
      <Benefits />
      <JoinUs />
      <CustomerQuote />
    </>
  );
}
