// Export: every filtered + sorted row, byte for byte (table-export.ts).
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Harness, blobBytes } from './data-table.fixtures';

describe('DataTable', () => {
  it('exports ALL filtered + sorted rows as Turkish Excel CSV, byte for byte', async () => {
    const user = userEvent.setup();
    let blob: Blob | undefined;
    const createObjectURL = vi.fn((b: Blob) => {
      blob = b;
      return 'blob:test';
    });
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      render(<Harness initialQuery="a" sorting={[{ id: 'balance', desc: false }]} csvFileName="cariler.csv" />);
      await user.click(screen.getByRole('button', { name: 'CSV indir' }));
      expect(click).toHaveBeenCalledTimes(1);
      const anchor = click.mock.instances[0] as unknown as HTMLAnchorElement;
      expect(anchor.download).toBe('cariler.csv');
      expect(blob?.type).toBe('text/csv;charset=utf-8');
      const bytes = await blobBytes(blob!);
      expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
      // Rows whose folded name/city contain "a" — all of them (İĞDIR through "Ticaret") — sorted by
      // balance ascending, ties in ERP order, empty last; written by hand:
      expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
        '\uFEFFAd;İl;Bakiye;Tarih\r\n' +
          'Sarı Kalem;Sivas;-1000,00;05.05.2025\r\n' +
          'Cam Sanayi;Bursa;-25,00;01.12.2025\r\n' +
          'Ilgaz Orman;Çankırı;0,00;31.01.2026\r\n' +
          'Zeki Market;Zonguldak;0,07;10.01.2026\r\n' +
          'Çelik Yapı;Ankara;0,99;15.02.2026\r\n' +
          'Ünal Kuyumcu;Ürgüp;5,00;08.08.2025\r\n' +
          'Ömer Usta;Konya;20,00;01.03.2026\r\n' +
          'Ozan Tekstil;Denizli;20,00;30.06.2024\r\n' +
          'Uğur Boya;Uşak;123,45;01.01.2026\r\n' +
          'Şahin Gıda;İzmir;1500,00;31.01.2026\r\n' +
          'İĞDIR TİCARET LTD. ŞTİ.;Iğdır;10000,00;05.01.2026\r\n' +
          'ISPARTA GÜL A.Ş.;Isparta;;30.11.2025\r\n' +
          // The screen's totals row, as the Excel file has it (issue 25): 1500 − 25 + 0,99 + 10000 + 0
          // + 20 + 20 − 1000 + 123,45 + 5 + 0,07 = 10644,51.
          'Toplam;;10644,51;\r\n',
      );
    } finally {
      click.mockRestore();
    }
  });
});
