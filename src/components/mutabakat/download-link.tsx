/**
 * A link to a file the server serves only to a signed-in browser (letter PDF, report, the
 * counterpart's attachment): the server asks for the app's CSRF header on a GET too, so the click
 * fetches the file with it and saves it; a failure is said next to the link.
 */
import { useState, type ReactNode } from 'react';
import { fetchFile } from '../../api/mutabakat';
import { userMessageOf } from '../../domain/errors';
import { downloadBlob } from '../../lib/download';

export function DownloadLink({ href, fileName, children, className }: { href: string; fileName: string; children: ReactNode; className?: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function onClick(e: React.MouseEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const file = await fetchFile(href);
      downloadBlob(file.fileName ?? fileName, file.blob);
    } catch (err) {
      setError(userMessageOf(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <a href={href} className={className} onClick={(e) => void onClick(e)} aria-busy={busy || undefined} download={fileName}>
        {children}
      </a>
      {error && (
        <span className="field__error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}
