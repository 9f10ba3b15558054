/**
 * The start of an answer still arriving, closed into JSON of the same shape (prefix.ts).
 * Hand-written answers, expected texts written by hand. Every demo ERP shape cut at many points:
 * tests/gateway/partial-answer.test.ts.
 */
import { closedPrefix, parsePrefix } from '.';

describe('closedPrefix: hand-written answers', () => {
  it('an array of rows: cut after the last complete row, the array closed', () => {
    expect(closedPrefix('[{"A":1},{"A":2},{"A"')).toBe('[{"A":1},{"A":2}]');
    expect(closedPrefix('[{"A":1},{"A":2}')).toBe('[{"A":1},{"A":2}]');
    expect(closedPrefix('[{"A":1},')).toBe('[{"A":1}]');
  });

  it('brackets, braces, quotes and backslashes inside strings are text, not structure', () => {
    const text = String.raw`[{"N":"a]}\"{["},{"N":"b\\"},{"N":"c\"],[{`;
    expect(closedPrefix(text)).toBe(String.raw`[{"N":"a]}\"{["},{"N":"b\\"}]`);
    expect(JSON.parse(closedPrefix(text)!)).toEqual([{ N: 'a]}"{[' }, { N: 'b\\' }]);
  });

  it('envelopes and ColdFusion rows: the row array and every container around it are closed', () => {
    expect(closedPrefix('{"status":true,"data":[{"A":1},{"A":')).toBe('{"status":true,"data":[{"A":1}]}');
    expect(closedPrefix('{"COLUMNS":["A","B"],"DATA":[[1,"x"],[2,"y"],[3')).toBe('{"COLUMNS":["A","B"],"DATA":[[1,"x"],[2,"y"]]}');
    expect(closedPrefix('\uFEFF//{"STATUS":1,"DATA":{"COLUMNS":["A"],"DATA":[[1],[2]')).toBe('\uFEFF//{"STATUS":1,"DATA":{"COLUMNS":["A"],"DATA":[[1],[2]]}}');
  });

  it('rows holding arrays of their own: the cut is between rows (the outermost row array), never inside one', () => {
    expect(closedPrefix('[{"A":1,"L":[{"x":1}]},{"A":2,"L":[{"x":2},{"x"')).toBe('[{"A":1,"L":[{"x":1}]}]');
  });

  it('a first row still open: the complete items of its own nested list are not rows — null (review defect)', () => {
    // Closing this would give [{"a":[{"x":1},{"x":2}]}]: a truncated first row shown as complete.
    expect(closedPrefix('[{"a":[{"x":1},{"x":2}')).toBeNull();
    expect(closedPrefix('{"data":[{"FATURA_NO":"F1","Ürün":[{"Miktar":1},{"Miktar":2}')).toBeNull();
    expect(parsePrefix('[{"a":[{"x":1},{"x":2}')).toBeUndefined();
  });

  it('nothing complete yet, or rows that are not elements of one array: null', () => {
    expect(closedPrefix('')).toBeNull();
    expect(closedPrefix('[{"A":1')).toBeNull();
    expect(closedPrefix('{"status":true,"data":[')).toBeNull();
    // ColdFusion's column format: one array of plain values per column.
    expect(closedPrefix('{"ROWCOUNT":3,"COLUMNS":["A","B"],"DATA":{"A":[1,2,3],"B":["x"')).toBeNull();
  });
});

describe('parsePrefix: the rows complete so far, parsed', () => {
  it('the start of a row array (with BOM and // prefix) → the complete rows; nothing readable yet → undefined', () => {
    expect(parsePrefix('\uFEFF//[{"A":"Ş & %"},{"A":2},{"A"')).toEqual([{ A: 'Ş & %' }, { A: 2 }]);
    expect(parsePrefix('[{"A":1')).toBeUndefined();
    expect(parsePrefix('<!DOCTYPE html><html><body>Hata')).toBeUndefined();
    expect(parsePrefix('')).toBeUndefined();
  });
});
