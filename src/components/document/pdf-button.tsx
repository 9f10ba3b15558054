/**
 * "PDF indir": builds the document's PDF on the click (pdf-document.ts and pdfmake load only then)
 * and downloads it under a name that says what it is. Says it is working, and says a failure.
 */
import { useState } from 'react';
import { t } from '../../i18n';
import { downloadBlob } from '../../lib/download';
import type { PdfPart } from '../../domain/document/pdf-document';

export function PdfButton({
  parts,
  fileName,
  title,
  disabled,
  className = 'button button--small',
}: {
  parts: () => readonly PdfPart[];
  fileName: () => string;
  title: string;
  disabled?: boolean;
  className?: string;
}) {
  const [state, setState] = useState<'idle' | 'pending' | 'failed'>('idle');
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={disabled || state === 'pending'}
        aria-busy={state === 'pending' || undefined}
        onClick={() => {
          setState('pending');
          const run = async () => {
            const { pdfBlob } = await import('./pdf-blob');
            downloadBlob(fileName(), await pdfBlob(parts(), { title }));
          };
          run().then(
            () => setState('idle'),
            () => setState('failed'),
          );
        }}
      >
        {state === 'pending' ? t('doc.pdfPending') : t('doc.pdf')}
      </button>
      {state === 'failed' && (
        <span className="notice notice--warn" role="alert">
          {t('doc.pdfFailed')}
        </span>
      )}
    </>
  );
}
