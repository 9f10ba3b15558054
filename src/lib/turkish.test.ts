import { compareTr, foldKey, foldTr, matchesTokens, queryTokens, searchText } from './turkish';

/** The user's query q finds name when every folded token occurs in the folded name. */
const finds = (q: string, name: string) => matchesTokens(searchText(name), queryTokens(q));

describe('foldTr: Turkish lower-casing and folding', () => {
  it.each([
    ['İĞDIR', 'igdir'],
    ['ığdır', 'igdir'],
    ['ISPARTA', 'isparta'],
    ['ŞİŞLİ', 'sisli'],
    ['Çağlayan Ümit Öz', 'caglayan umit oz'],
    ['İSTANBUL', 'istanbul'],
  ])('%s → %s', (input, folded) => {
    expect(foldTr(input)).toBe(folded);
  });
});

describe('foldKey: the same key in any case and with any separators', () => {
  it('Firma Kategori (Text), FIRMA_KATEGORI_TEXT and firmaKategoriText are one key', () => {
    expect(foldKey('Firma Kategori (Text)')).toBe('firmakategoritext');
    expect(foldKey('FIRMA_KATEGORI_TEXT')).toBe('firmakategoritext');
    expect(foldKey('firmaKategoriText')).toBe('firmakategoritext');
  });
  it('Turkish labels fold to the snake_case names', () => {
    expect(foldKey('Firma Adı')).toBe(foldKey('firma_adi'));
    expect(foldKey('İşlem Tarihi')).toBe(foldKey('ISLEM_TARIHI'));
    expect(foldKey('Borç Tutarı')).toBe('borctutari');
  });
});

describe('client-side search (erp-contract §7)', () => {
  it.each([
    ['ığdır', 'İĞDIR GIDA LTD. ŞTİ.'],
    ['IĞDIR', 'ığdır gıda'],
    ['isparta', 'ISPARTA HALI A.Ş.'],
    ['ısparta', 'ISPARTA HALI A.Ş.'],
    ['istanbul', 'İSTANBUL TEKSTİL'],
    ['İstanbul', 'istanbul tekstil'],
    ['sisli', 'ŞİŞLİ ECZA DEPOSU'],
    ['tekstil istanbul', 'İSTANBUL TEKSTİL'], // tokens in any order
    ['demir a.ş.', 'DEMİR LTD. ŞTİ.'], // legal suffix in the query does not decide
  ])('%s finds %s', (q, name) => {
    expect(finds(q, name)).toBe(true);
  });

  it.each([
    ['ankara', 'İSTANBUL TEKSTİL'],
    ['igdirx', 'İĞDIR GIDA'],
    ['tekstil izmir', 'İSTANBUL TEKSTİL'],
  ])('%s does not find %s', (q, name) => {
    expect(finds(q, name)).toBe(false);
  });

  it('legal-form suffixes are ignored in names and queries', () => {
    expect(searchText('YILMAZ İNŞAAT SAN. VE TİC. A.Ş.')).toBe('yilmaz');
    expect(searchText('Kaya Ltd. Şti.')).toBe('kaya');
    expect(queryTokens('a.ş.')).toEqual([]);
    expect(queryTokens('   ')).toEqual([]);
  });

  it('an empty query finds everything', () => {
    expect(finds('', 'ANY NAME')).toBe(true);
  });
});

describe('compareTr: Turkish alphabetical order', () => {
  it('sorts Ç after C, Ğ after G, I before İ, Ö after O, Ş after S, Ü after U', () => {
    const names = ['Ünal', 'Şahin', 'Can', 'Öz', 'İnce', 'Işık', 'Çelik', 'Oğuz', 'Gül', 'Sarı', 'Uçar'];
    expect([...names].sort(compareTr)).toEqual(['Can', 'Çelik', 'Gül', 'Işık', 'İnce', 'Oğuz', 'Öz', 'Sarı', 'Şahin', 'Uçar', 'Ünal']);
  });
  it('numbers in names sort numerically', () => {
    expect(['Depo 10', 'Depo 9', 'Depo 1'].sort(compareTr)).toEqual(['Depo 1', 'Depo 9', 'Depo 10']);
  });
});
