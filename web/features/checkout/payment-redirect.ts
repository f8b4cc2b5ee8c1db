/** Leaves the SPA for Stripe's hosted payment page (a full navigation, not a route change). */
export function goToPaymentPage(url: string): void {
  window.location.assign(url);
}
