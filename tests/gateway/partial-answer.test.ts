// @vitest shared-modules
/**
 * The start of an answer still arriving (src/domain/reader/prefix.ts) over every demo ERP shape, cut
 * at many points: the accounts read from the closed start are exactly the whole answer's first
 * accounts; ColdFusion's column format (one array per column) gives none.
 */
import { createDemoErp, SHAPES } from '../../server/demo-erp/index';
import { closedPrefix, parseErpBody, readAccounts } from '../../src/domain/reader';

describe('closedPrefix over every demo ERP shape', () => {
  it.each(SHAPES)('%s: the accounts read from any start are the whole list’s first accounts (or none for the column format)', async (shape) => {
    const erp = createDemoErp({ apiPassword: 'p', shape });
    const res = await erp.fetch(new Request('http://erp/wex.cfm/mobiusmus/get_cari?password=p', { method: 'POST', body: '' }));
    const text = await res.text();
    const whole = readAccounts(parseErpBody(text)).accounts;
    expect(whole.length).toBeGreaterThan(300);
    const columnFormat = shape === 'cf-column' || shape === 'envelope-cf-column';
    let previous = 0;
    for (let cut = 0; cut < text.length; cut += 997) {
      const closed = closedPrefix(text.slice(0, cut));
      if (columnFormat) {
        expect(closed).toBeNull();
        continue;
      }
      if (closed === null) {
        expect(previous).toBe(0); // once rows could be read, a longer start never reads none
        continue;
      }
      const first = readAccounts(parseErpBody(closed)).accounts;
      expect(first.length).toBeGreaterThanOrEqual(previous);
      expect(first).toEqual(whole.slice(0, first.length));
      previous = first.length;
    }
    if (!columnFormat) expect(previous).toBeGreaterThan(whole.length - 20);
  });
});
