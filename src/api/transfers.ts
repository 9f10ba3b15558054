/**
 * ERP answers in flight, for the progress shown on long loads (components/feedback/load-progress).
 * The client (client.ts) registers every /api/erp call here and updates its received bytes as it
 * reads the answer's stream. Plain mutable records read by polling: a 15 MB answer arrives in
 * hundreds of chunks and must not cause a React render for each of them.
 */
export interface Transfer {
  /** The ERP operation (get_cari, …). */
  operation: string;
  /** Date.now() when the request was sent. */
  startedAt: number;
  /** Bytes of the answer received so far (as the page reads them, i.e. after decompression). */
  receivedBytes: number;
  /** A low-priority call the user is not waiting for (e.g. the statement header's account list). */
  background: boolean;
}

const inFlight = new Set<Transfer>();

export function startTransfer(operation: string, background: boolean): Transfer {
  const transfer: Transfer = { operation, startedAt: Date.now(), receivedBytes: 0, background };
  inFlight.add(transfer);
  return transfer;
}

export function endTransfer(transfer: Transfer): void {
  inFlight.delete(transfer);
}

/** The longest-running call the user is waiting for, if any. */
export function oldestForegroundTransfer(): Transfer | undefined {
  let oldest: Transfer | undefined;
  for (const t of inFlight) if (!t.background && (!oldest || t.startedAt < oldest.startedAt)) oldest = t;
  return oldest;
}

/**
 * Forget every call in flight. For test isolation only: test files share a worker's modules, and a
 * test may end with an answer still streaming (its gate never opened); the app itself ends each
 * transfer in fetchErp's finally.
 */
export function resetTransfers(): void {
  inFlight.clear();
}
