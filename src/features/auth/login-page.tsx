// Placeholder: replaced by the page's own issue.
export default function LoginPage() {
  return <h1>LoginPage</h1>;
}
