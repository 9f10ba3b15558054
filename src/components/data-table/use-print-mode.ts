/**
 * Printing: on `beforeprint` the table renders ALL rows (virtualization off, synchronously via
 * flushSync, so the print snapshot has them) and goes back to virtual rows on `afterprint`.
 * The print layout itself is CSS (.dt-scroll--print in data-table.css).
 */
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/** True between beforeprint and afterprint. */
export function usePrintMode(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return printing;
}
