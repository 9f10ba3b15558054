// Placeholder: replaced by the page's own issue.
export default function AgingPage() {
  return <h1>AgingPage</h1>;
}
