/**
 * The answer worker's job (answer-worker.ts): a long answer's body stream → decoded, parsed and read
 * by THE reader (src/domain/reader) off the page's main thread → packed for the page (account-pack.ts).
 * Pure of the worker itself, so it runs under Node in tests (answer-read.test.ts).
 *
 * Progress goes back as it happens: the bytes received (for the progress bar, at most every 256 KB),
 * once the start of the answer (`startChars` characters, for the page's first rows), and the list's
 * full chunks as they are read (the page unpacks each meanwhile; the result holds the rest). A list
 * whose rows can be read alone is read a slice at a time while it arrives (AccountSlices), its rows
 * let go at once; should the whole answer turn out otherwise, the page is told to start again
 * (`restart`) and the list is read from the whole text. An answer
 * the reader cannot read comes back as its text (`unread`): the page reads it again itself, so
 * every ERP fault is the same typed error, with the same message, as without a worker.
 */
import { AccountSlices, BodySegments, extendAliases, operatorAliasTables, parseErpBody, resetAliases, visitAccounts } from '../domain/reader';
import { streamParts } from './body-text';
import { AccountPacker, type PackedAccounts } from './account-pack';
import type { ErpColumn } from '../domain/erp-types';

export interface AnswerReadRequest {
  stream: ReadableStream<Uint8Array>;
  status: number;
  /** The operator's alias tables the page merged (operatorAliasTables), merged here the same. */
  aliases: readonly unknown[];
  /** Send the answer's start once this many characters are in (null: no first rows wanted). */
  startChars: number | null;
  /**
   * The bench's slow-machine pass (bench builds only; 1 elsewhere): DevTools throttles a page's main
   * thread but not its workers ("only supported for pages"), so the worker makes each of its steps
   * last `slowdown`× as long itself — a slower PC is slower in its workers too.
   */
  slowdown: number;
}

/**
 * The bytes received; the answer's start (for the first rows); a chunk of the list read (AccountPacker's, in
 * order); `restart`: the chunks so far are void, the list is read again from its whole text (below).
 */
export type AnswerReadProgress = { bytes: number } | { start: string } | { chunk: PackedAccounts } | { restart: true };

/** When each step ended, in ms since the epoch (performance.timeOrigin + now: the page maps it onto its own clock). */
export interface AnswerStamps {
  text: number;
  parsed: number;
  read: number;
  packed: number;
}

export type AnswerReadResult = { packed: PackedAccounts; stamps: AnswerStamps } | { unread: string };

const BYTES_EVERY = 256 * 1024;
const now = () => performance.timeOrigin + performance.now();

export async function readAccountsAnswer(
  request: AnswerReadRequest,
  progress: (p: AnswerReadProgress, transfer?: Transferable[]) => void,
): Promise<{ result: AnswerReadResult; transfer?: Transferable[] }> {
  mergeAliases(request.aliases);
  const slow = slower(request.slowdown);
  let reported = 0;
  // The reader's rows go straight into the packed columns (no account object on the way), and each
  // full chunk of them to the page at once: the page unpacks it while the rest is read.
  const toPage = (chunk: PackedAccounts, transfer: ArrayBuffer[]) => progress({ chunk }, transfer);
  let packer = new AccountPacker(toPage);
  // The answer is parsed in slices while it arrives (reader/segments.ts): little is left after its last
  // byte. Rows that can be read a slice at a time are read as they come, and let go (AccountSlices).
  const slices = new AccountSlices(packer);
  const segments = new BodySegments(undefined, slices.take);
  const parts = await streamParts(request.stream, {
    onText: (part) => {
      const t0 = now();
      segments.feed(part);
      slow?.(now() - t0);
    },
    onBytes: (received) => {
      if (received - reported < BYTES_EVERY) return;
      reported = received;
      progress({ bytes: received });
    },
    ...(request.startChars === null ? {} : { startChars: request.startChars, onStart: (start: string) => progress({ start }) }),
    ...(slow ? { onDecoded: slow } : {}),
  });
  const textAt = now();
  let parsedAt = textAt;
  let read: { extraColumns: ErpColumn[]; warnings: number } | undefined;
  try {
    let sliced = segments.result();
    if (slices.visited > 0) {
      if (sliced && sliced.given === slices.visited && slices.matches(sliced.value)) read = { extraColumns: [], warnings: slices.warnings };
      else {
        // Read a slice at a time, but the whole answer is not those rows alone: read again from its whole
        // text, and the page drops the chunks it has.
        progress({ restart: true });
        packer = new AccountPacker(toPage);
        sliced = null;
      }
    }
    if (!read) {
      // Not followed in slices (not JSON, a shape it does not know): parsed whole, for its value or its typed error.
      const json = sliced ? sliced.value : parseErpBody(parts.join(''), request.status);
      slow?.(now() - textAt);
      parsedAt = now();
      read = visitAccounts(json, packer);
    }
  } catch {
    return { result: { unread: parts.join('') } };
  }
  slow?.(now() - parsedAt);
  const readAt = now();
  let finished: ReturnType<AccountPacker['finish']>;
  try {
    finished = packer.finish(read.extraColumns, read.warnings);
  } catch {
    // Not the answer's fault (its body is all in): the page reads it itself (read-in-worker.ts says so).
    return { result: { unread: parts.join('') } };
  }
  const { packed, transfer } = finished;
  slow?.(now() - readAt);
  return { result: { packed, stamps: { text: textAt, parsed: parsedAt, read: readAt, packed: now() } }, transfer };
}

/** For the bench's slow pass: a step that took `ms` is made to take `slowdown`× as long (busy, as a slower CPU would be). */
function slower(slowdown: number): ((ms: number) => void) | null {
  if (!(slowdown > 1)) return null;
  return (ms) => {
    const end = performance.now() + ms * (slowdown - 1);
    while (performance.now() < end);
  };
}

/** The reader here merges exactly the page's operator tables (a worker lives across config changes). */
let applied = '[]';
function mergeAliases(tables: readonly unknown[]): void {
  const key = JSON.stringify(tables);
  if (key === applied && JSON.stringify(operatorAliasTables()) === key) return;
  resetAliases();
  for (const table of tables) extendAliases(table);
  applied = key;
}
