import { useOnline } from "#web/lib/use-online";
import "./needs-connection.css";

/**
 * Said plainly on a page that cannot work without a connection (the checkout, My orders), while
 * the browser is offline: what needs it, and that nothing typed or chosen is lost meanwhile.
 */
export function NeedsConnection({ children }: { children: string }) {
  const online = useOnline();
  if (online) return null;
  return (
    <p className="needs-connection" role="status">
      <strong>You are offline.</strong> {children}
    </p>
  );
}
