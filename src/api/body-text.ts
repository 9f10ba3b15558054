/**
 * A body as text, decoded chunk by chunk while it arrives (the same UTF-8 decoding as
 * response.text(), BOM dropped) — the one way an ERP answer's bytes become text, in the page
 * (erp-call.ts) and in the answer worker (answer-read.ts).
 */
export interface StreamTextHooks {
  /** Bytes received so far, after each chunk. */
  onBytes?: (received: number) => void;
  /** Called once, awaited, with the first `startChars` characters of a longer answer (its start, not closed). */
  onStart?: (text: string) => Promise<void> | void;
  startChars?: number;
  /** Called with each piece of decoded text, in order (answer-read.ts parses it as it comes: reader/segments.ts). */
  onText?: (text: string) => void;
  /** Called with each chunk's decoding time, ms (the bench's slow-machine pass in a worker: answer-read.ts). */
  onDecoded?: (ms: number) => void;
}

/**
 * The stream's text in the pieces it was decoded in (joined only by whoever needs the whole text: a
 * long answer parsed in slices never does). A failed read cancels the stream and throws its own error.
 */
export async function streamParts(stream: ReadableStream<Uint8Array>, hooks: StreamTextHooks = {}): Promise<string[]> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  const startChars = hooks.startChars ?? Infinity;
  let received = 0;
  let chars = 0;
  let started = !hooks.onStart;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      hooks.onBytes?.(received);
      const t0 = hooks.onDecoded ? performance.now() : 0;
      const part = decoder.decode(value, { stream: true });
      if (hooks.onDecoded) hooks.onDecoded(performance.now() - t0);
      parts.push(part);
      hooks.onText?.(part);
      chars += part.length;
      if (!started && chars >= startChars) {
        started = true;
        // Only the start: a reader that came late (a page still loading its code) finds much of the
        // answer in at once, and its first rows are a few screenfuls, not everything read so far.
        await hooks.onStart!(firstChars(parts, startChars));
      }
    }
    const last = decoder.decode();
    parts.push(last);
    if (last) hooks.onText?.(last);
  } catch (error) {
    void reader.cancel().catch(() => undefined);
    throw error;
  }
  return parts;
}

/** The first `n` characters of the text in `parts`. */
function firstChars(parts: readonly string[], n: number): string {
  let text = '';
  for (const part of parts) {
    text += part;
    if (text.length >= n) break;
  }
  return text.length > n ? text.slice(0, n) : text;
}
