import { Link } from "#web/components/link";
import { usePageMeta } from "#web/lib/use-page-meta";
import { brand } from "#web/config/brand";
import { TeamSection } from "#web/components/team-section/team-section";
import { WeeklyHours } from "#web/shared-features/shop-status/weekly-hours";
import { useShopPolling } from "#web/shared-features/shop-status/use-shop-polling";
import { useChosenShop } from "#web/shared-features/shop-picker/use-chosen-shop";
import { shopPlace } from "#common/shop-details";
import { deliveryFact } from "#web/config/shop-words";
import { useShopDetails } from "#web/shared-features/shop-picker/use-shop-details";
import "./about.css";

export default function AboutPage() {
  useShopPolling();
  // The hours shown are the chosen shop's; the company's story stays Anaheim's.
  const chosenShop = useChosenShop()?.shop;
  const hoursPlace = chosenShop ? shopPlace(chosenShop.name) : "Anaheim";
  const shop = useShopDetails();
  usePageMeta(
    "About Us",
    `${brand.name} has pressed fresh juice in Anaheim since ${brand.foundedYear} and serves customers across ${brand.region}. Meet the team.`,
  );
  return (
    <>
      <section className="about-hero" aria-labelledby="about-title">
        <div className="container about-hero__grid">
          <div className="stack about-hero__copy">
            <span className="eyebrow">About Us</span>
            <h1 id="about-title">Pressing joy into every cup since {brand.foundedYear}</h1>
            <p className="lead">
              {brand.name} was founded in {brand.foundedYear} in Anaheim and now serves juice lovers all over{" "}
              {brand.region}. We are a small team with a simple rule: if we would not drink it every day, it does not go
              on the menu.
            </p>
            <div className="about-hero__actions">
              <Link to="/menu" className="btn btn--primary">
                Browse the menu
              </Link>
              <Link to="/contact" className="btn btn--ghost">
                Contact Us
              </Link>
            </div>
          </div>
          <img
            src="/images/about/california.svg"
            alt="A map pin holding an orange slice above California hills, palm trees and the Pacific"
            width="480"
            height="400"
            className="about-hero__image"
          />
        </div>
      </section>

      <section className="section about-hours" aria-label="Opening hours">
        <div className="container">
          <WeeklyHours title={`Opening hours in ${hoursPlace}`} className="about-hours__card" />
        </div>
      </section>

      <section className="section about-facts" aria-label="Squeeze in numbers">
        <div className="container">
          <dl className="about-facts__grid">
            <div className="about-fact">
              <dt>Founded</dt>
              <dd>{brand.foundedYear}</dd>
            </div>
            <div className="about-fact">
              <dt>Serving</dt>
              <dd>{brand.region}</dd>
            </div>
            <div className="about-fact">
              <dt>Delivery</dt>
              <dd>{deliveryFact(shop)}</dd>
            </div>
          </dl>
        </div>
      </section>

      <TeamSection />
    </>
  );
}
