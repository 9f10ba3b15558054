// Placeholder: the app shell (router, providers) is built by the spine issue.
export function App() {
  return <h1>Cari Ekran</h1>;
}
