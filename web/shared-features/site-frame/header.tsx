import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { Link, NavLink } from "#web/components/link";
import { brand } from "#web/config/brand";
import { BurgerIcon, CloseIcon } from "#web/components/icons/icons";
import { ACCOUNT_PATH, FRANCHISE_PATH, MOBILE_MENU_MAX_WIDTH, NAV_LINKS, ORDERS_PATH } from "./nav-links";
import "./header.css";

const MOBILE_MENU_ID = "mobile-menu";

// Closed or paused: a line under the bar on every page. Its code (and the polling of the shop's
// state) loads after the first paint, so the first download of every page stays as it was.
const ShopBanner = lazy(() => import("#web/shared-features/shop-status/shop-banner"));

const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? "nav-link nav-link--active" : "nav-link");

/** Closes the mobile menu once the window is wider than the mobile breakpoint. */
function useCloseAboveBreakpoint(open: boolean, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const onResize = () => {
      if (window.innerWidth > MOBILE_MENU_MAX_WIDTH) close();
    };
    onResize();
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, [open, close]);
}

/** The site's header; `actions` are the buttons beside the Franchise link (the app passes the cart's and the account's). */
export function Header({ actions }: { actions?: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  // The address in the browser's bar when the menu was last toggled. The router shows a new
  // page only once its code and data are there (a transition), while the address changes at
  // once: a tap on the burger in between belongs to the new page and must survive its arrival.
  const toggledAt = useRef<string | null>(null);

  useCloseAboveBreakpoint(menuOpen, closeMenu);

  // Arriving on another page (a link in the page, Back, Forward) folds the menu away, unless
  // the shopper opened it after setting off for that page.
  useEffect(() => {
    if (toggledAt.current !== location.pathname) setMenuOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMenuOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  return (
    <header className={`site-header${menuOpen ? " site-header--menu-open" : ""}`}>
      <div className="container site-header__bar">
        <Link to="/" className="brand-mark" aria-label={`${brand.name} home`}>
          {/* Small beside the page's largest picture, which gets the first bytes. */}
          <img src="/logo.svg" alt="" width="40" height="40" fetchPriority="low" className="brand-mark__logo" />
          <span className="brand-mark__name">{brand.name}</span>
        </Link>

        <nav className="site-nav" aria-label="Main">
          <ul role="list" className="site-nav__list">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={navClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="site-header__actions">
          {/* The header's main call to action leads to ordering; the franchise one stays beside it. */}
          <Link to={FRANCHISE_PATH} className="btn btn--ghost btn--small site-header__franchise">
            Franchise
          </Link>
          <Link to="/menu" className="btn btn--primary btn--small site-header__order">
            Order now
          </Link>
          {actions}
          <button
            type="button"
            className="icon-button site-header__burger"
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => {
              toggledAt.current = window.location.pathname;
              setMenuOpen((open) => !open);
            }}
          >
            {menuOpen ? <CloseIcon /> : <BurgerIcon />}
          </button>
        </div>
      </div>

      <Suspense fallback={null}>
        <ShopBanner />
      </Suspense>

      <nav id={MOBILE_MENU_ID} className="mobile-menu" aria-label="Mobile" hidden={!menuOpen}>
        <ul role="list" className="mobile-menu__list">
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end} className={navClass} onClick={closeMenu}>
                {link.label}
              </NavLink>
            </li>
          ))}
          <li>
            <NavLink to={ORDERS_PATH} className={navClass} onClick={closeMenu}>
              My orders
            </NavLink>
          </li>
          <li>
            <NavLink to={ACCOUNT_PATH} className={navClass} onClick={closeMenu}>
              My account
            </NavLink>
          </li>
          <li>
            <Link to="/menu" className="btn btn--primary btn--block" onClick={closeMenu}>
              Order now
            </Link>
          </li>
          <li>
            <Link to={FRANCHISE_PATH} className="btn btn--ghost btn--block" onClick={closeMenu}>
              Franchise
            </Link>
          </li>
        </ul>
      </nav>
    </header>
  );
}
