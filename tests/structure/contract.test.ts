/**
 * src/contract/ is what the browser and the gateway share (architecture.md, convention 9): pure
 * modules, importing nothing outside the folder (no Node, DOM or library module can slip into either side through it),
 * and both sides take the ERP operations, parameters and limits from there.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { callKey, pageCallKey, overviewCall, statementCall, accountListCall, agingListCall, invoiceSearchCall } from '../../src/contract/erp';
import { firstCallsOf, pageCallsOf } from '../../src/contract/pages';

const ROOT = resolve(import.meta.dirname, '../..');
const importsOf = (file: string) => ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName);

describe('src/contract', () => {
  it('imports nothing but its own modules', () => {
    const dir = join(ROOT, 'src/contract');
    const files = readdirSync(dir).filter((f) => /\.ts$/.test(f) && !f.endsWith('.test.ts'));
    expect(files).toContain('erp.ts');
    // pages.ts takes the call builders from erp.ts; nothing outside the folder.
    for (const f of files) expect([f, importsOf(join(dir, f)).filter((s) => !/^\.\/[a-z-]+$/.test(s))]).toEqual([f, []]);
  });

  it('is where the gateway and the browser take the operations from (no second list)', () => {
    for (const file of ['server/gateway/erp-route.ts', 'server/gateway/session-routes.ts', 'src/api/erp-call.ts']) {
      expect(importsOf(join(ROOT, file)).some((s) => s.endsWith('contract/erp'))).toBe(true);
    }
    // One call identity: the same call, its parameters in any order, has one key (the gateway coalesces
    // identical calls by it, the browser takes over early calls by it: tests/gateway/shared-slow.test.ts).
    expect(callKey({ operation: 'get_fatura', params: { firma_ismi: 'A', fatura_no: '1' } })).toBe(
      callKey({ operation: 'get_fatura', params: { fatura_no: '1', firma_ismi: 'A' } }),
    );
    // What the operations and their parameters are is checked by what the gateway does with them
    // (tests/gateway/gateway-rules.test.ts: "the five operations of the service specification …").
  });

  it("a page's first calls by its path: the statement's id decoded and trimmed, a malformed link asks nothing", () => {
    // Özet: its figures worked out by the gateway first; the whole list and aging sent along, read later.
    expect(firstCallsOf('/')).toEqual([overviewCall()]);
    expect(pageCallsOf('/').along).toEqual([accountListCall(''), agingListCall('')]);
    expect(pageCallsOf('/accounts').along).toEqual([]);
    expect(firstCallsOf('/accounts/')).toEqual([accountListCall('')]);
    const statement = firstCallsOf('/accounts/%C3%96Z%2B7%20');
    expect(statement).toEqual([statementCall('ÖZ+7')]);
    expect(pageCallKey(statement[0]!)).toBe(callKey(statementCall('ÖZ+7')));
    expect(pageCallKey(overviewCall())).toBe('GET /api/overview');
    // The account's other pages read its statement first, as the statement page does.
    for (const sub of ['mutabakat', 'acik-kalemler', 'vade-farki']) expect(firstCallsOf(`/accounts/1000/${sub}`)).toEqual([statementCall('1000')]);
    for (const path of ['/login', '/invoices', '/mutabakat', '/accounts/%E0%A4%A', '/accounts/%20', '/accounts/%20/vade-farki']) {
      expect([path, firstCallsOf(path)]).toEqual([path, []]);
    }
    // The aging and the invoice search: as their pages ask, from the query string (the same cache entries).
    expect(firstCallsOf('/aging', '?firma=%20Y%C4%B1ld%C4%B1z%20')).toEqual([agingListCall('Yıldız')]);
    expect(firstCallsOf('/invoices', '?no=SF1&firma=')).toEqual([invoiceSearchCall({ no: 'SF1', firma: '' })]);
  });
});
