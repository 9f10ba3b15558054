// Placeholder: replaced by the page's own issue.
export default function StatementPage() {
  return <h1>StatementPage</h1>;
}
