/**
 * The ERP reader, step 1 (raw body) against erp-contract.md §2.
 * Every input is written by hand; every expected value is computed by hand from that input.
 */
import { ErpFormatError } from '../errors';
import { parseErpBody } from '.';

describe('§2 raw body', () => {
  it.each([
    ['plain JSON', '[{"A":1}]'],
    ['UTF-8 BOM', '\uFEFF[{"A":1}]'],
    ['whitespace and newlines around', '\r\n\n   [{"A":1}]  \n\t'],
    ['ColdFusion secure-JSON prefix', '//[{"A":1}]'],
    ['BOM, newlines, then the prefix', '\uFEFF\n  //  [{"A":1}]\n'],
  ])('%s is read', (_name, body) => {
    expect(parseErpBody(body)).toEqual([{ A: 1 }]);
  });

  it('strips only the leading "//": a URL inside a value stays as sent', () => {
    expect(parseErpBody('//[{"WEB":"https://ornek.com.tr/a//b"}]')).toEqual([{ WEB: 'https://ornek.com.tr/a//b' }]);
  });

  it.each([
    ['an HTML error page', '<html><head><title>Error</title></head><body>Element X is undefined</body></html>', 200],
    ['a cfdump', '<table class="cfdump_struct"><tr><th>struct</th></tr></table>', 200],
    ['a login page with status 200', '<!DOCTYPE html><form action="login.cfm">', 200],
    ['an empty body', '', 200],
    ['only whitespace and a BOM', '\uFEFF  \n ', 200],
    ['only the prefix', '//', 200],
    ['broken JSON', '[{"A":1},', 200],
    ['an HTML 500', '<h1>500</h1>', 500],
  ])('%s → ErpFormatError with the HTTP status', (_name, body, status) => {
    let error: unknown;
    try {
      parseErpBody(body, status);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ErpFormatError);
    expect((error as ErpFormatError).status).toBe(status);
    expect((error as ErpFormatError).bodyStart).toBe(body.slice(0, 200));
  });

  it('keeps only the first 200 characters, with a password in the text redacted, and never shows them to the user', () => {
    const body = `<html>Error in /wex.cfm/mobiusmus/get_cari?password=S3cret!x ${'x'.repeat(500)}</html>`;
    let error: ErpFormatError | undefined;
    try {
      parseErpBody(body);
    } catch (e) {
      error = e as ErpFormatError;
    }
    expect(error!.bodyStart.length).toBeLessThanOrEqual(200);
    expect(error!.bodyStart).toContain('password=***');
    expect(error!.bodyStart).not.toContain('S3cret');
    expect(error!.message).not.toContain('S3cret');
    expect(error!.userMessage).not.toContain('<html>');
    expect(error!.userMessage).toMatch(/ERP/);
  });
});
