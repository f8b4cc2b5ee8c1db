// Placeholder: its own issue builds this page.
export default function ContactPage() {
  return <h1>ContactPage</h1>;
}
