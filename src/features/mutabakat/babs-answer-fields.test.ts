/** Issue 46: the BA/BS figures staff type from a phone answer are read as the reply page reads them. */
import { readBabsTexts } from './babs-answer-fields';

describe('readBabsTexts: their KDV-hariç totals typed in Turkish', () => {
  it('“15.000” is 15.000,00, “7.500,5” is 7.500,50; “1,500” is not guessed (it was read as 1,50): the field names both readings', () => {
    expect(readBabsTexts({ bsCount: '2', bsAmount: '15.000', baCount: '1', baAmount: '7.500,5' })).toEqual({
      value: { bs: { count: 2, amount: 1_500_000 }, ba: { count: 1, amount: 750_050 } },
    });
    expect(readBabsTexts({ bsCount: '2', bsAmount: '1,500', baCount: '0', baAmount: '0,00' })).toEqual({
      errors: { bsAmount: 'Tutar “1,500” belirsiz: bin beş yüz için “1.500”, bir buçuk için “1,50” yazın.' },
    });
  });

  it('a wrong grouping and a sign are refused in Turkish, showing the expected form', () => {
    expect(readBabsTexts({ bsCount: '2', bsAmount: '15.00', baCount: '0', baAmount: '-5' })).toEqual({
      errors: {
        bsAmount:
          'Tutar “1.234,56” biçiminde girilmeli. “15.00” okunamadı: nokta binlikleri ayırır ve ardından tam üç hane gelir (1.500); kuruş virgülle yazılır (15,00).',
        baAmount: 'Tutar eksi (-) işareti olmadan girilmeli.',
      },
    });
  });
});
