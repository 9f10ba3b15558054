/**
 * The answer worker's job (answer-read.ts), run here in Node: a body stream cut at awkward places
 * (inside a two-byte UTF-8 letter) → the reader's account list, packed; the start of the answer for
 * the first rows; progress in bytes; an answer the reader cannot read comes back as its text; the
 * operator's aliases are the page's.
 */
import { readAccountsAnswer, type AnswerReadProgress, type AnswerReadResult } from './answer-read';
import { AccountUnpacker, CHUNK_ROWS, unpackAccounts } from './account-pack';
import { ErpFormatError } from '../domain/errors';
import { parseErpBody, readAccounts } from '../domain/reader';

/** `text` as a byte stream in pieces of `size` bytes (cutting through multi-byte letters). */
function streamOf(text: string, size: number, failAfter?: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (failAfter !== undefined && at >= failAfter) return controller.error(new TypeError('network error'));
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

const rows = Array.from({ length: 400 }, (_, i) => ({
  COMPANY_ID: String(1000 + i),
  COMPANYCAT: i % 2 ? 'Bayi' : 'Tedarikçi',
  FULLNAME: `Öz-Çağ "Yıldız" & Ortak %${i} + 'Şirket'`,
  CITY_NAME: 'İSTANBUL',
  COUNTY_NAME: 'ÜSKÜDAR',
  BAKIYE: `${i}.${String(i % 100).padStart(2, '0')}`,
  MONEY: '',
}));
const body = JSON.stringify({ status: 'success', data: rows });

async function run(text: string, opts: { size?: number; startChars?: number | null; aliases?: unknown[]; failAfter?: number } = {}) {
  const progress: AnswerReadProgress[] = [];
  const { result } = await readAccountsAnswer(
    { stream: streamOf(text, opts.size ?? 333, opts.failAfter), status: 200, aliases: opts.aliases ?? [], startChars: opts.startChars ?? null, slowdown: 1 },
    (p) => progress.push(p),
  );
  return { result: result as AnswerReadResult, progress };
}

describe('readAccountsAnswer (the answer worker)', () => {
  it('reads the list as the page would, whatever the pieces', async () => {
    const expected = readAccounts(JSON.parse(body));
    for (const size of [1, 7, 333, 1 << 20]) {
      const { result } = await run(body, { size });
      if (!('packed' in result)) throw new Error('not read');
      expect(unpackAccounts(result.packed)).toEqual(expected);
    }
    // By hand: account 1007's balance 7.07 TL is 707 kuruş; its name came through intact.
    const { result } = await run(body);
    const list = unpackAccounts((result as { packed: Parameters<typeof unpackAccounts>[0] }).packed);
    expect(list.accounts[7]).toMatchObject({ id: '1007', name: 'Öz-Çağ "Yıldız" & Ortak %7 + \'Şirket\'', balance: 707, category: 'Bayi' });
    expect(list.accounts).toHaveLength(400);
  });

  it('sends the start of the answer once (for the first rows) and the bytes as they come', async () => {
    const { progress } = await run(body, { size: 4096, startChars: 1000 });
    const starts = progress.filter((p): p is { start: string } => 'start' in p);
    expect(starts).toHaveLength(1);
    expect(starts[0]!.start).toBe(body.slice(0, 1000));
    // Reported every 256 KB: this ~50 KB answer has no report; a bigger one, read 64 KB at a time,
    // at 256 KB, 512 KB, … (whole multiples of 262,144 bytes up to its length).
    expect(progress.filter((p) => 'bytes' in p)).toHaveLength(0);
    const big = JSON.stringify(Array.from({ length: 6000 }, (_, i) => ({ ...rows[i % 400], COMPANY_ID: String(i) })));
    const length = new TextEncoder().encode(big).length;
    expect(length).toBeGreaterThan(2 * 262_144);
    const bigRun = await run(big, { size: 65536 });
    const bytes = bigRun.progress.flatMap((p) => ('bytes' in p ? [p.bytes] : []));
    expect(bytes).toEqual(Array.from({ length: Math.floor(length / 262_144) }, (_, k) => (k + 1) * 262_144));
  });

  it('an answer the reader cannot read (an HTML page, an empty body) comes back as its text, for the page’s typed error', async () => {
    for (const text of ['<html><body>Error Executing Database Query</body></html>', '']) {
      const { result } = await run(text);
      expect(result).toEqual({ unread: text });
      expect(() => parseErpBody((result as { unread: string }).unread, 200)).toThrow(ErpFormatError);
    }
  });

  it('a connection dropped halfway: the job fails (the page says the answer was cut)', async () => {
    await expect(run(body, { size: 1000, failAfter: 5000 })).rejects.toThrow('network error');
  });

  it('reads with the operator’s alias table the page merged', async () => {
    const custom = JSON.stringify([{ MUSTERI_NO: 'C-1', TICARI_AD: 'Özel Başlıklı A.Ş.', BAKIYE: '10,00' }]);
    const plain = await run(custom);
    const withAliases = await run(custom, { aliases: [{ account: { id: ['MUSTERI_NO'], name: ['TICARI_AD'] } }] });
    const nameOf = (r: AnswerReadResult) => unpackAccounts((r as { packed: Parameters<typeof unpackAccounts>[0] }).packed).accounts[0]!;
    expect(nameOf(plain.result).name).toBe('');
    expect(nameOf(withAliases.result)).toMatchObject({ id: 'C-1', name: 'Özel Başlıklı A.Ş.', balance: 1000 });
    // …and a later answer without them is read without them again.
    expect(nameOf((await run(custom)).result).name).toBe('');
  });

  it('a long list comes in chunks while it is read: full chunks as progress, the rest in the result', async () => {
    const long = Array.from({ length: CHUNK_ROWS + 100 }, (_, i) => ({ ...rows[i % 400], COMPANY_ID: String(i) }));
    const text = JSON.stringify(long);
    const { result, progress } = await run(text, { size: 65536 });
    if (!('packed' in result)) throw new Error('not read');
    const chunks = progress.flatMap((p) => ('chunk' in p ? [p.chunk] : []));
    // By hand: CHUNK_ROWS + 100 rows are one full chunk, then 100 rows in the result.
    expect(chunks.map((c) => [c.from, c.n])).toEqual([[0, CHUNK_ROWS]]);
    expect([result.packed.from, result.packed.n, result.packed.total]).toEqual([CHUNK_ROWS, 100, CHUNK_ROWS + 100]);
    const unpacker = new AccountUnpacker();
    unpacker.add(chunks[0]!);
    unpacker.add(result.packed);
    expect(unpacker.list()).toEqual(readAccounts(JSON.parse(text)));
  });

  it('a list read a slice at a time as it arrives: its length comes with the last chunk, the same list', async () => {
    const long = Array.from({ length: 2 * CHUNK_ROWS + 5 }, (_, i) => ({ ...rows[i % 400], COMPANY_ID: String(i) }));
    const text = JSON.stringify(long);
    const { result, progress } = await run(text, { size: 65536 });
    if (!('packed' in result)) throw new Error('not read');
    expect(progress.some((p) => 'restart' in p)).toBe(false);
    const chunks = progress.flatMap((p) => ('chunk' in p ? [p.chunk] : []));
    // Read as it came, the list's length is not known before its end: the full chunks say Infinity, the last 2 × 16,384 + 5.
    expect(chunks.map((c) => [c.from, c.n, c.total])).toEqual([
      [0, CHUNK_ROWS, Infinity],
      [CHUNK_ROWS, CHUNK_ROWS, Infinity],
    ]);
    expect([result.packed.from, result.packed.n, result.packed.total]).toEqual([2 * CHUNK_ROWS, 5, 2 * CHUNK_ROWS + 5]);
    const unpacker = new AccountUnpacker();
    for (const c of chunks) unpacker.add(c);
    unpacker.add(result.packed);
    expect(unpacker.list()).toEqual(readAccounts(JSON.parse(text)));
  });

  it('rows that change keys halfway: the chunks so far are dropped and the list read again whole, the same as the page would', async () => {
    const long = Array.from({ length: CHUNK_ROWS + 3000 }, (_, i) => {
      const r = { ...rows[i % 400]!, COMPANY_ID: String(i) };
      // From row 17,000 on, a tax number too (an extra column, typed from all its values).
      return i < 17_000 ? r : { ...r, VERGI_NO: String(9_000_000_000 + i) };
    });
    const text = JSON.stringify(long);
    const { result, progress } = await run(text, { size: 65536 });
    if (!('packed' in result)) throw new Error('not read');
    const restartAt = progress.findIndex((p) => 'restart' in p);
    expect(restartAt).toBeGreaterThan(0);
    // What the page does (read-in-worker.ts): a new unpacker at the restart.
    let unpacker = new AccountUnpacker();
    for (const p of progress) {
      if ('restart' in p) unpacker = new AccountUnpacker();
      else if ('chunk' in p) unpacker.add(p.chunk);
    }
    unpacker.add(result.packed);
    const expected = readAccounts(JSON.parse(text));
    expect(unpacker.list()).toEqual(expected);
    // By hand: rows 0–16,999 have an empty tax number; row 17,000's is 9000017000, a text (a "…_NO" column is an id).
    expect(expected.accounts[16_999]!.extras.VERGI_NO).toEqual({ kind: 'empty' });
    expect(expected.accounts[17_000]!.extras.VERGI_NO).toEqual({ kind: 'text', text: '9000017000' });
  });

  it('a failure envelope whose rows were read as they came: read again whole, for the page’s typed error', async () => {
    const text = JSON.stringify({ status: 'error', message: 'Yetkisiz erişim', data: rows });
    const { result, progress } = await run(text, { size: 4096 });
    expect(progress.some((p) => 'restart' in p)).toBe(true);
    expect(result).toEqual({ unread: text });
    expect(() => readAccounts(parseErpBody(text, 200))).toThrow('Yetkisiz erişim');
  });
});
