/**
 * The auditor's sample in words and figures (Denetçi modu): the method with its seed printed, the
 * coverage per side and currency — sums in minor units shown in tr-TR, the percentage from basis points.
 */
import { render, screen, within } from '@testing-library/react';
import { CoverageTable, methodText } from './sample-section';

describe('the sample as the auditor reads it', () => {
  it('names the method and prints the seed, so the draw can be repeated', () => {
    expect(methodText({ kind: 'coverage', percent: 70 })).toBe('en büyükten %70 kapsamaya kadar');
    expect(methodText({ kind: 'coverage', percent: 72.5 })).toBe('en büyükten %72,5 kapsamaya kadar');
    expect(methodText({ kind: 'threshold', minMinor: 10_000_000 })).toBe('100.000,00 ve üzeri bakiyeler');
    expect(methodText({ kind: 'random', count: 5, seed: 'BD-2026/17 & "ç"' })).toBe('her gruptan rastgele 5 hesap, tohum “BD-2026/17 & "ç"”');
    expect(methodText({ kind: 'stratified', seed: 'x', strata: [{}, {}] })).toBe('tabakalı (2 tabaka), tohum “x”');
  });

  it('shows each side and currency with population and selection, the sum coverage as a percentage', () => {
    // Receivables: 7 accounts, 2.664.737,32 TL; 3 selected for 2.121.320,76 TL = 79,60 % (7960 basis points, rounded down).
    render(
      <CoverageTable
        coverage={[
          { side: 'B', currency: 'TL', populationCount: 7, populationSum: '266473732', selectedCount: 3, selectedSum: '212132076', sumBasisPoints: 7960 },
          { side: 'A', currency: 'USD', populationCount: 1, populationSum: '1234', selectedCount: 1, selectedSum: '1234', sumBasisPoints: 10000 },
        ]}
      />,
    );
    const rows = within(screen.getByRole('table', { name: 'Ulaşılan kapsama' })).getAllByRole('row');
    expect(rows[1]!.textContent).toBe(['Alacaklar (borçlu cariler)', 'TL', '7', '2.664.737,32', '3', '2.121.320,76', '%79,60'].join(''));
    expect(rows[2]!.textContent).toBe(['Borçlar (alacaklı cariler)', 'USD', '1', '12,34', '1', '12,34', '%100,00'].join(''));
  });
});
