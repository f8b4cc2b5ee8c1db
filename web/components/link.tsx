import type { AnchorHTMLAttributes, MouseEvent, ReactNode, Ref } from "react";
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from "react-router";

/**
 * The shop's links: an `<a>` with the address's href that navigates inside the app on a plain
 * click (React Router's useHref and useLinkClickHandler). React Router's own <Link> also carries
 * its framework mode's route prefetching, which this app never uses and which cost every first
 * visit 1.7 kB gzip of code (the home page's budget, `npm run budget`); eslint.config.js keeps
 * its <Link> and <NavLink> out of the app.
 */
export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  to: To;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  /** Keep the scroll position (the app's scroll restoration reads it, see web/app/scroll-restoration.ts). */
  preventScrollReset?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

export function Link({ to, replace, preventScrollReset, target, onClick, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler(to, { replace, preventScrollReset, target });
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  }
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}

export interface NavLinkProps extends Omit<LinkProps, "className" | "children"> {
  /** Only the address itself counts as current, not the pages under it. */
  end?: boolean;
  /** A class, or one chosen by whether the link is the current page (a string gets `active` added then). */
  className?: string | ((state: { isActive: boolean }) => string);
  children?: ReactNode;
}

/** A link that knows whether it is the current page: `aria-current="page"` and its class then. */
export function NavLink({ to, end = false, className = "", ...rest }: NavLinkProps) {
  const target = useResolvedPath(to).pathname.toLowerCase();
  const current = useLocation().pathname.toLowerCase();
  const boundary = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  const isActive = current === target || (!end && current.startsWith(target) && current.charAt(boundary) === "/");
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? "page" : undefined}
      className={
        typeof className === "function" ? className({ isActive }) : isActive ? `${className} active`.trim() : className
      }
    />
  );
}
