import { lazy, Suspense, type ComponentType, type SVGProps } from "react";
import { Link } from "#web/components/link";
import { brand } from "#web/config/brand";
import { FacebookIcon, InstagramIcon, MailIcon, MapsIcon, PhoneIcon, PinIcon } from "#web/components/icons/icons";
import { mapSearchHref, phoneHref, type ShopDetails } from "#common/shop-details";
import { useShopDetails } from "#web/shared-features/shop-picker/use-shop-details";
import { FRANCHISE_PATH } from "./nav-links";
import "./footer.css";

// The week's hours come with the shop's state, fetched after the first paint (see the header's banner).
const WeeklyHours = lazy(() => import("#web/shared-features/shop-status/weekly-hours"));

const SOCIAL_ICONS: Record<string, ComponentType<SVGProps<SVGSVGElement>>> = {
  Instagram: InstagramIcon,
  Facebook: FacebookIcon,
  "Google Maps": MapsIcon,
};

/** The shop's social profiles, each an icon link named for screen readers. Reused by the contact page. */
export function SocialLinks({ className }: { className?: string }) {
  return (
    <ul role="list" className={["social-links", className].filter(Boolean).join(" ")}>
      {brand.socials.map((social) => {
        const SocialIcon = SOCIAL_ICONS[social.name] ?? MapsIcon;
        return (
          <li key={social.name}>
            <a
              href={social.href}
              className="social-links__link"
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${brand.name} on ${social.name} (opens in a new tab)`}
            >
              <SocialIcon />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** Where to call and find us: the chosen shop's phone and address, else the business's. */
function reachOf(shop: ShopDetails | null) {
  if (!shop) return { phone: brand.phone, address: brand.address };
  return {
    phone: { display: shop.phone, href: phoneHref(shop.phone) },
    address: { display: shop.address, href: mapSearchHref(shop.address) },
  };
}

/**
 * Phone, e-mail and address as call, mail and map-search links: the chosen shop's phone and
 * address (the e-mail is the business's). Reused by the contact page.
 */
export function ContactLinks({ className }: { className?: string }) {
  const { phone, address } = reachOf(useShopDetails());
  return (
    <ul role="list" className={["contact-links", className].filter(Boolean).join(" ")}>
      <li>
        <a href={phone.href} className="contact-links__link">
          <PhoneIcon />
          <span>{phone.display}</span>
        </a>
      </li>
      <li>
        <a href={brand.email.href} className="contact-links__link">
          <MailIcon />
          <span>{brand.email.display}</span>
        </a>
      </li>
      <li>
        <a href={address.href} className="contact-links__link" target="_blank" rel="noopener noreferrer">
          <PinIcon />
          <span>
            {address.display}
            <span className="visually-hidden"> (map, opens in a new tab)</span>
          </span>
        </a>
      </li>
    </ul>
  );
}

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Link to="/" className="brand-mark brand-mark--light" aria-label={`${brand.name} home`}>
            <img src="/logo.svg" alt="" width="40" height="40" loading="lazy" className="brand-mark__logo" />
            <span className="brand-mark__name">{brand.name}</span>
          </Link>
          <p className="site-footer__tagline">{brand.tagline}</p>
          <SocialLinks />
        </div>

        <nav className="site-footer__column" aria-label="Footer">
          <h2 className="site-footer__heading">Explore</h2>
          <ul role="list" className="site-footer__links">
            <li>
              <Link to="/menu">Menu</Link>
            </li>
            <li>
              <Link to="/about">About Us</Link>
            </li>
            <li>
              <Link to="/contact">Contact Us</Link>
            </li>
            <li>
              <Link to={FRANCHISE_PATH}>Franchise</Link>
            </li>
          </ul>
        </nav>

        <div className="site-footer__column">
          <h2 className="site-footer__heading">Visit &amp; call</h2>
          <ContactLinks />
        </div>

        <Suspense fallback={null}>
          <WeeklyHours className="site-footer__column site-footer__hours" headingClassName="site-footer__heading" />
        </Suspense>
      </div>

      <div className="site-footer__legal">
        <div className="container site-footer__legal-row">
          <p>
            © {brand.copyrightYear} {brand.ownerFirstName}. All rights reserved.
          </p>
          <p>
            Pressed fresh in {brand.region} since {brand.foundedYear}.
          </p>
        </div>
      </div>
    </footer>
  );
}
