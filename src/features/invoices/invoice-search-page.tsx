// Placeholder: replaced by the page's own issue.
export default function InvoiceSearchPage() {
  return <h1>InvoiceSearchPage</h1>;
}
