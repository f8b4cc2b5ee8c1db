import { useCallback, useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { brand } from "../../config/brand";
import { CartButton } from "../../features/cart/cart-button";
import { UserMenu } from "../../features/auth/user-menu";
import { BurgerIcon, CloseIcon } from "../icons/icons";
import { FRANCHISE_PATH, MOBILE_MENU_MAX_WIDTH, NAV_LINKS } from "./nav-links";
import "./header.css";

const MOBILE_MENU_ID = "mobile-menu";

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

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  useCloseAboveBreakpoint(menuOpen, closeMenu);

  // A link followed from the mobile menu lands on a page with the menu folded away.
  useEffect(() => {
    setMenuOpen(false);
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
          <img src="/logo.svg" alt="" width="40" height="40" className="brand-mark__logo" />
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
          <Link to={FRANCHISE_PATH} className="btn btn--primary btn--small site-header__franchise">
            Franchise
          </Link>
          <CartButton />
          <UserMenu />
          <button
            type="button"
            className="icon-button site-header__burger"
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <BurgerIcon />}
          </button>
        </div>
      </div>

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
            <Link to={FRANCHISE_PATH} className="btn btn--primary btn--block" onClick={closeMenu}>
              Franchise
            </Link>
          </li>
        </ul>
      </nav>
    </header>
  );
}
