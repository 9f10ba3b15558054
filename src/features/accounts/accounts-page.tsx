// Placeholder: replaced by the page's own issue.
export default function AccountsPage() {
  return <h1>AccountsPage</h1>;
}
