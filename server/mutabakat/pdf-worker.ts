/**
 * A letter thread (pdf-pool.ts): reads a statement, folds its balance and renders the letter's PDF
 * (letter-build.ts), so none of that CPU holds the gateway's event loop; it reads a campaign's account list
 * too, asking the ERP for it itself when the ERP is over the network. Started with the server, it
 * opens its fonts at once (pdf-pool.ts startLetterThreads). On Linux the thread runs at
 * the lowest CPU priority (nice MUTABAKAT_PDF_NICE, default 19): letters are background work, and the
 * gateway's thread (answering users, reading the ERP for the letters) wins the cores whenever it wants
 * them. Elsewhere the priority is left as it is.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { buildLetter, campaignAccounts, type LetterInput } from './letter-build';
import { pdfFonts } from '../pdf/fonts';
import { nameThisThread } from '../threads';
import type { UpstreamSettings } from '../gateway/upstream';
import type { Dispatcher } from 'undici';

export interface LetterJob {
  id: number;
  input: LetterInput;
}

/** A campaign's accounts read from the ERP's raw account list (letter-build.ts campaignAccounts). */
export interface AccountsJob {
  id: number;
  accounts: { raw: { status: number; body: ArrayBuffer }; ids: string[] };
}

/** A campaign's accounts, the thread asking the ERP for its list itself (pdf-pool.ts campaignAccountsFromErp). */
export interface AccountsFromErpJob {
  id: number;
  accountsFrom: { erp: UpstreamSettings; ids: string[] };
}

let dispatcher: Dispatcher | undefined;

/** get_cari asked and read here, through the gateway's one upstream module (loaded on the first list: most threads never need it). */
async function accountsFromErp(job: AccountsFromErpJob): Promise<void> {
  try {
    const { callErp, erpDispatcher } = await import('../gateway/upstream');
    dispatcher ??= erpDispatcher();
    const answer = await callErp({ ...job.accountsFrom.erp, transport: dispatcher }, 'get_cari', [['firma_ismi', '']]);
    parentPort!.postMessage({ id: job.id, accounts: campaignAccounts({ status: answer.status, body: answer.body }, job.accountsFrom.ids) });
  } catch (e) {
    parentPort!.postMessage({ id: job.id, error: (e as Error).message });
  }
}

/**
 * This thread's kernel id, its priority lowered: /proc/thread-self names "<pid>/task/<tid>", and
 * setpriority on a thread id applies to that thread only (Linux). Null where that does not hold.
 */
function lowerPriority(): number | null {
  if (process.platform !== 'linux') return null;
  const nice = Number(process.env.MUTABAKAT_PDF_NICE ?? 19);
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return null;
    if (Number.isInteger(nice) && nice > 0) setPriority(tid, Math.min(nice, 19));
    return tid;
  } catch {
    return null; // no /proc, or not allowed: the letters are made all the same
  }
}

nameThisThread('cari-letters');
parentPort?.postMessage({ tid: lowerPriority() });

parentPort?.on('message', (job: LetterJob | AccountsJob | AccountsFromErpJob | { id: 0; warm: true }) => {
  if ('warm' in job) {
    // Started with the server (pdf-pool.ts startLetterThreads): the fonts opened and their base subsets made now.
    const { regular, bold } = pdfFonts();
    regular.subset(new Set());
    bold.subset(new Set());
    parentPort!.postMessage({ id: 0 });
    return;
  }
  if ('accountsFrom' in job) {
    void accountsFromErp(job);
    return;
  }
  if ('accounts' in job) {
    try {
      parentPort!.postMessage({ id: job.id, accounts: campaignAccounts(job.accounts.raw, job.accounts.ids) });
    } catch (e) {
      parentPort!.postMessage({ id: job.id, error: (e as Error).message });
    }
    return;
  }
  buildLetter(job.input).then(
    (built) => {
      const bytes = built.pdf.byteOffset === 0 && built.pdf.byteLength === built.pdf.buffer.byteLength ? built.pdf : built.pdf.slice();
      parentPort!.postMessage({ id: job.id, built: { ...built, pdf: bytes } }, [bytes.buffer as ArrayBuffer]);
    },
    (e: unknown) => parentPort!.postMessage({ id: job.id, error: (e as Error).message }),
  );
});
