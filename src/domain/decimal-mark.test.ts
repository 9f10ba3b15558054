import { columnDecimalMark } from './money';

describe('decimal mark of a column: what its other values show', () => {
  it.each([
    // [column values, mark]
    [['12.345.678', '1.234'], ','],
    [['1.234,56', '1.234'], ','],
    [['0,5', '1.234'], ','],
    [['1 234,50', '1.234'], ','],
    [['1,234,567', '1,234'], '.'],
    [['1,234.56', '1,234'], '.'],
    [['0.5', '1.234'], '.'],
    [['1234.56', '', null, 7, '1.234'], '.'],
    [['1.234', '5.678'], null], // nothing but ambiguous values: no evidence
    [['1.234', 12, '500'], null], // JSON numbers and whole numbers say nothing about text
    [['0,5', '0.5', '1.234'], null], // contradicting evidence: no mark
    [['abc', '1.234'], null],
  ] as const)('%j → %j', (values, mark) => {
    expect(columnDecimalMark(values)).toBe(mark);
  });
});
