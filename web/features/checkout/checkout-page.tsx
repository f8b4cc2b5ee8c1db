// Placeholder: its own issue builds this page.
export default function CheckoutPage() {
  return <h1>CheckoutPage</h1>;
}
