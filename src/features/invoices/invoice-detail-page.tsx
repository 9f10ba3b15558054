// Placeholder: replaced by the page's own issue.
export default function InvoiceDetailPage() {
  return <h1>InvoiceDetailPage</h1>;
}
