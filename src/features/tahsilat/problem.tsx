/** A failed request's message and, when the server listed them, its problems (a template's unknown fields by name). */
const messageOf = (e: unknown) => (e && typeof e === 'object' && 'userMessage' in e ? String((e as { userMessage: string }).userMessage) : 'İşlem yapılamadı.');
const problemsOf = (e: unknown) =>
  e && typeof e === 'object' && 'problems' in e ? (e as { problems: { message: string }[] }).problems.map((p) => p.message) : [];

export function Problem({ error }: { error: unknown }) {
  if (!error) return null;
  const list = problemsOf(error);
  return (
    <div role="alert" className="col-error">
      {messageOf(error)}
      {list.length > 0 && (
        <ul>
          {list.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
