// Placeholder: its own issue builds this page.
export default function PartnershipPage() {
  return <h1>PartnershipPage</h1>;
}
