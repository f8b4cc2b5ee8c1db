import { useEffect, useMemo } from "react";
import { Outlet, useLocation } from "react-router";
import { Link, NavLink } from "#web/components/link";
import { AUTH_PROVIDERS, PROVIDER_LABELS } from "#common/auth-providers";
import { signInStartPath } from "#common/sign-in-start";
import { NUMBERS_ROLES } from "#common/staff";
import { ApiRequestError } from "#web/lib/api-client";
import type { LiveStatus } from "#web/lib/live-socket";
import { useStaffShops } from "#web/shared-features/staff-shops/api/get-staff-shops";
import { useStaffOrders } from "./api/list-staff-orders";
import { boardTitle } from "./board-orders";
import { isHeldForLater, useLaterRelease } from "./later-lane";
import { BOARD_LANES } from "./lanes";
import { AlertStrip } from "./alerts/alert-strip";
import { useNewOrderAlerting } from "./alerts/new-order-alerts";
import { createNewOrderChime, type NewOrderChime } from "./alerts/new-order-chime";
import { useBoardLive } from "./use-board-live";
import { ShopSwitcher } from "./shop-switcher";
import { usePhoneLayout } from "./use-phone-layout";
import "./staff-layout.css";

/** The staff pages and their names in the tab's title. */
const STAFF_PAGES = [
  { to: "/staff", label: "Orders", title: "Order board" },
  { to: "/staff/menu", label: "Menu", title: "Menu and ordering" },
  { to: "/staff/numbers", label: "Numbers", title: "Numbers", forRoles: NUMBERS_ROLES },
] as const;

/**
 * The staff side's own frame, around the board and the Menu page: a bar that never scrolls away
 * (tabs, the lanes' counts, the connection), the new-order alerts and the sound banner. The live
 * channel and the alerts live here, so a new order alerts whichever staff page is open. Its code
 * is its own chunk: nothing of it reaches the shopper's pages.
 */
export default function StaffLayout() {
  const orders = useStaffOrders();
  const refused = orders.error instanceof ApiRequestError ? orders.error.status : null;
  const shops = useStaffShops(orders.isSuccess && refused === null).data;
  // The live channel is the shop's: a switch of shop opens it again on the new one.
  const connection = useBoardLive(refused !== 401 && refused !== 403, shops?.current.locationId);
  // Signed out: the API said so, or the live channel was closed because the session ended.
  const signedOut = refused === 401 || (connection === "signed_out" && refused !== 403);
  const denied = signedOut || refused === 403;
  const chime = useMemo(() => createNewOrderChime(), []);
  // Once the person may not see the orders, nothing is left to alert about.
  useNewOrderAlerting(denied ? undefined : orders.data?.orders, chime);
  useArmOnFirstGesture(chime);

  // Nothing of the orders shows once the person may not see them, not even their counts.
  const open = denied ? [] : (orders.data?.orders ?? []);
  const count = (status: string) => open.filter((order) => order.status === status).length;
  const releasedAt = useLaterRelease(open);
  // An order held in Later is not new yet (./later-lane.ts).
  const laterCount = open.filter((order) => isHeldForLater(order, Math.max(Date.now(), releasedAt))).length;
  const newCount = count("received") - laterCount;
  const { pathname } = useLocation();
  const phone = usePhoneLayout();
  // The role at the shop shown: a member may be a manager at one shop and staff at another.
  const role = denied ? undefined : shops?.current.role;
  const tabs = STAFF_PAGES.filter(
    (tab) => !("forRoles" in tab) || (role !== undefined && (tab.forRoles as readonly string[]).includes(role)),
  );
  const page = STAFF_PAGES.find((candidate) => candidate.to === pathname.replace(/\/+$/, "")) ?? STAFF_PAGES[0];
  useEffect(() => {
    document.title = boardTitle(newCount, page.title);
  }, [newCount, page.title]);

  return (
    <div className="staff-app">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="staff-bar">
        {shops && shops.shops.length > 1 && !denied ? (
          <>
            {/* The switcher names the shop; on a phone the brand gives way to it. */}
            <p className="staff-bar__brand staff-bar__brand--with-switcher">Squeeze</p>
            <ShopSwitcher
              shops={shops.shops}
              current={shops.current}
              offerAllShops={page.to === "/staff/numbers" && tabs.some((tab) => tab.to === page.to)}
            />
          </>
        ) : (
          <p className="staff-bar__brand">
            Squeeze{orders.data && <span className="staff-bar__location"> · {orders.data.location.name}</span>}
          </p>
        )}
        <nav className="staff-tabs" aria-label="Staff pages">
          {tabs.map((tab) => (
            <NavLink key={tab.to} to={tab.to} end className="staff-tabs__tab">
              {tab.label}
              {tab.to === "/staff" && newCount > 0 && (
                <span className="staff-tabs__badge" aria-label={`${newCount} new`}>
                  {newCount}
                </span>
              )}
            </NavLink>
          ))}
        </nav>
        {orders.data && !denied && (
          // On a phone the row may scroll beside the shop switcher: a keyboard can reach it to scroll it.
          <p className="staff-bar__counts" aria-label="Open orders" tabIndex={phone ? 0 : undefined}>
            {BOARD_LANES.map(({ lane, title, status }) => ({
              lane,
              label: title,
              count: lane === "later" ? laterCount : lane === "received" ? newCount : count(status),
            }))
              .filter(({ lane, count }) => lane !== "later" || count > 0)
              .map(({ lane, label, count }) =>
                // On a phone, where the lanes are one under the other, a count takes you to its lane.
                phone && page.to === "/staff" ? (
                  <a key={lane} className="staff-bar__count" href={`#board-column-${lane}`}>
                    {label} {count}
                  </a>
                ) : (
                  <span key={lane}>
                    {label} {count}
                  </span>
                ),
              )}
          </p>
        )}
        <ConnectionIndicator status={signedOut ? "signed_out" : denied ? "offline" : connection} />
        <Link className="staff-bar__shop" to="/">
          Shop
        </Link>
      </header>
      {!denied && <AlertStrip chime={chime} orders={open} onBoard={page.to === "/staff"} />}
      <main className="staff-main" id="main" tabIndex={-1}>
        {signedOut ? (
          <SignedOut returnTo={page.to} />
        ) : denied ? (
          <div className="staff-denied" role="alert">
            <h1>{page.title}</h1>
            <p>These pages are for the shop's staff. Your account is not on the staff list.</p>
            <Link className="btn btn--primary" to="/">
              Go to the shop
            </Link>
          </div>
        ) : orders.isPending ? (
          // Who may see the staff pages is known with the first answer: until then, nothing is asked of the API.
          <p className="staff-loading" role="status">
            Loading…
          </p>
        ) : (
          // Each page starts afresh for another shop (its own choices, such as the numbers' shop, included).
          <Outlet key={shops?.current.locationId ?? orders.data?.location.id} />
        )}
      </main>
    </div>
  );
}

/**
 * Browsers allow sound only after a gesture on the page: the first tap or key press anywhere arms
 * it. It listens for the finished tap (click), not its start: the banner that goes away moves the
 * page, and a tap whose press and release land on different buttons is lost.
 */
function useArmOnFirstGesture(chime: NewOrderChime) {
  useEffect(() => {
    const arm = () => chime.arm();
    window.addEventListener("click", arm, { once: true });
    window.addEventListener("keydown", arm, { once: true });
    return () => {
      window.removeEventListener("click", arm);
      window.removeEventListener("keydown", arm);
    };
  }, [chime]);
}

/**
 * The session ended (signed out here or elsewhere, expired) or never began: no orders are shown,
 * and signing in again comes straight back to this page.
 */
function SignedOut({ returnTo }: { returnTo: string }) {
  return (
    <div className="staff-denied" role="alert">
      <h1>Signed out — sign in again</h1>
      <p>Sign in with your staff e-mail to see the orders. Nothing new reaches this screen until you do.</p>
      <div className="staff-denied__actions">
        {AUTH_PROVIDERS.map((provider, index) => (
          <a
            key={provider}
            className={`btn${index === 0 ? " btn--primary" : ""}`}
            href={signInStartPath(provider, "redirect", returnTo)}
          >
            Sign in with {PROVIDER_LABELS[provider]}
          </a>
        ))}
        <Link className="btn btn--ghost" to="/">
          Go to the shop
        </Link>
      </div>
    </div>
  );
}

const CONNECTION_LABELS: Record<LiveStatus, string> = {
  online: "Live",
  connecting: "Connecting…",
  offline: "Offline",
  signed_out: "Signed out",
};

function ConnectionIndicator({ status }: { status: LiveStatus }) {
  const label = CONNECTION_LABELS[status];
  return (
    <p className={`staff-connection staff-connection--${status}`} role="status">
      <span className="staff-connection__dot" aria-hidden="true" />
      {label}
    </p>
  );
}
