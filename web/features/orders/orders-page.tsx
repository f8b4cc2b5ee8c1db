// Placeholder: its own issue builds this page.
export default function OrdersPage() {
  return <h1>OrdersPage</h1>;
}
