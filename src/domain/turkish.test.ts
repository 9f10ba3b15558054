import { compareTr, titleCaseTr, foldKey, foldTr, matchesTokens, queryTokens, searchText } from './turkish';

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

  it('legal-form suffixes in the query are ignored when it has other words', () => {
    expect(finds('yılmaz a.ş.', 'YILMAZ İNŞAAT SAN. VE TİC. LTD. ŞTİ.')).toBe(true);
    expect(finds('kaya ltd', 'Kaya A.Ş.')).toBe(true);
    expect(finds('kaya inşaat ticaret', 'KAYA GIDA A.Ş.')).toBe(true);
    expect(queryTokens('   ')).toEqual([]);
  });

  // Issue 16: a query of legal-form words alone used to become an empty query (every row).
  describe('a query of legal-form words alone matches those words (abbreviated or written out)', () => {
    const names = [
      'YILMAZ İNŞAAT SAN. VE TİC. A.Ş.',
      'Altın & Ege Boya İnş. Taah. Ltd. Şti.',
      'Kaya Gıda Ticaret Ltd. Şti.',
      'Öztürk & Ünal Gıda Paz. A.Ş.',
      'Demir Pazarlama AŞ',
      'Mustafa Keskin - Keskin Kırtasiye',
      'Aslan Tekstil Limited Şirketi',
    ];
    const found = (q: string) => names.filter((n) => finds(q, n));
    it.each([
      ['İnşaat', ['YILMAZ İNŞAAT SAN. VE TİC. A.Ş.', 'Altın & Ege Boya İnş. Taah. Ltd. Şti.']],
      ['inş.', ['YILMAZ İNŞAAT SAN. VE TİC. A.Ş.', 'Altın & Ege Boya İnş. Taah. Ltd. Şti.']],
      ['Ticaret', ['YILMAZ İNŞAAT SAN. VE TİC. A.Ş.', 'Kaya Gıda Ticaret Ltd. Şti.']],
      ['Pazarlama', ['Öztürk & Ünal Gıda Paz. A.Ş.', 'Demir Pazarlama AŞ']],
      ['San', ['YILMAZ İNŞAAT SAN. VE TİC. A.Ş.']],
      ['Ltd', ['Altın & Ege Boya İnş. Taah. Ltd. Şti.', 'Kaya Gıda Ticaret Ltd. Şti.', 'Aslan Tekstil Limited Şirketi']],
      // Issue 35: "AS" typed bare is also a piece of a name ("Aslan", "Kırtasiye"): those and the A.Ş. companies.
      [
        'AS',
        [
          'YILMAZ İNŞAAT SAN. VE TİC. A.Ş.',
          'Öztürk & Ünal Gıda Paz. A.Ş.',
          'Demir Pazarlama AŞ',
          'Mustafa Keskin - Keskin Kırtasiye',
          'Aslan Tekstil Limited Şirketi',
        ],
      ],
      // Punctuated it is the legal form only.
      ['A.Ş.', ['YILMAZ İNŞAAT SAN. VE TİC. A.Ş.', 'Öztürk & Ünal Gıda Paz. A.Ş.', 'Demir Pazarlama AŞ']],
    ])('%s', (q, expected) => {
      expect(found(q)).toEqual(expected);
    });
    it('is never an empty query (which would list every row)', () => {
      for (const q of ['İnşaat', 'Ticaret', 'Pazarlama', 'San', 'Ltd', 'AS', 'ltd şti']) expect(queryTokens(q).length).toBeGreaterThan(0);
    });
  });

  describe('punctuation in the query matches punctuation in names', () => {
    const names = [
      'A+ Yapı Denetim Ltd. Şti.',
      'Öztürk & Oğulları Gıda A.Ş.',
      'Anadolu Mega Market A.Ş.',
      'Ağaoğlu %100 Doğal Ürünler',
      'Öz-Çağ "Yıldız" Gıda & Tic. Ltd. Şti.',
    ];
    const found = (q: string) => names.filter((n) => finds(q, n));
    it('"A+" finds A+ Yapı only (not every name with an "a")', () => {
      expect(found('A+')).toEqual(['A+ Yapı Denetim Ltd. Şti.']);
      expect(found('a+ yapı')).toEqual(['A+ Yapı Denetim Ltd. Şti.']);
    });
    it('"&" finds the names with an ampersand', () => {
      expect(found('&')).toEqual(['Öztürk & Oğulları Gıda A.Ş.', 'Öz-Çağ "Yıldız" Gıda & Tic. Ltd. Şti.']);
      expect(found('Öztürk & Oğulları')).toEqual(['Öztürk & Oğulları Gıda A.Ş.']);
      expect(found('öztürk&oğulları')).toEqual(['Öztürk & Oğulları Gıda A.Ş.']);
    });
    it('"%100" finds the name with %100; separators still do not matter', () => {
      expect(found('%100')).toEqual(['Ağaoğlu %100 Doğal Ürünler']);
      expect(found('oz cag yildiz')).toEqual(['Öz-Çağ "Yıldız" Gıda & Tic. Ltd. Şti.']);
      expect(found('"yıldız"')).toEqual(['Öz-Çağ "Yıldız" Gıda & Tic. Ltd. Şti.']);
    });
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

describe('titleCaseTr: one form for province facets', () => {
  it.each([
    ['ANTALYA', 'Antalya'],
    ['Adana', 'Adana'],
    ['İZMİR', 'İzmir'],
    ['IĞDIR', 'Iğdır'],
    ['ığdır', 'Iğdır'],
    ['ŞANLIURFA', 'Şanlıurfa'],
    ['AFYONKARAHİSAR', 'Afyonkarahisar'],
    ['KAHRAMANMARAŞ / ELBİSTAN', 'Kahramanmaraş / Elbistan'],
  ])('%s → %s', (input, expected) => {
    expect(titleCaseTr(input)).toBe(expected);
  });
});
