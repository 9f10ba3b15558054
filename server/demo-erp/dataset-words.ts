/**
 * The demo dataset's reference data: places, name parts, products and payment texts (dataset.ts
 * draws from them with its seeded PRNG).
 */
import type { Minor } from '../../src/domain/types';

export interface Place { province: string; districts: string[]; weight: number }
export const PLACES: Place[] = [
  { province: 'İstanbul', weight: 24, districts: ['Kadıköy', 'Üsküdar', 'Beşiktaş', 'Şişli', 'Bakırköy', 'Ümraniye', 'Pendik', 'Başakşehir', 'Esenyurt', 'Beylikdüzü', 'Ataşehir', 'Kağıthane'] },
  { province: 'Ankara', weight: 10, districts: ['Çankaya', 'Keçiören', 'Yenimahalle', 'Etimesgut', 'Sincan', 'Altındağ', 'Mamak', 'Gölbaşı'] },
  { province: 'İzmir', weight: 9, districts: ['Karşıyaka', 'Bornova', 'Konak', 'Buca', 'Çiğli', 'Bayraklı', 'Torbalı', 'Gaziemir'] },
  { province: 'Bursa', weight: 5, districts: ['Osmangazi', 'Nilüfer', 'Yıldırım', 'İnegöl', 'Gemlik', 'Mudanya'] },
  { province: 'Antalya', weight: 4, districts: ['Muratpaşa', 'Konyaaltı', 'Kepez', 'Alanya', 'Manavgat'] },
  { province: 'Konya', weight: 3, districts: ['Selçuklu', 'Meram', 'Karatay', 'Ereğli', 'Akşehir'] },
  { province: 'Adana', weight: 3, districts: ['Seyhan', 'Çukurova', 'Yüreğir', 'Ceyhan', 'Kozan'] },
  { province: 'Gaziantep', weight: 3, districts: ['Şahinbey', 'Şehitkamil', 'Nizip', 'İslahiye'] },
  { province: 'Kayseri', weight: 2, districts: ['Melikgazi', 'Kocasinan', 'Talas', 'Develi'] },
  { province: 'Iğdır', weight: 2, districts: ['Merkez', 'Tuzluca', 'Aralık', 'Karakoyunlu'] },
  { province: 'Isparta', weight: 2, districts: ['Merkez', 'Eğirdir', 'Yalvaç', 'Şarkikaraağaç', 'Gönen'] },
  { province: 'Eskişehir', weight: 2, districts: ['Odunpazarı', 'Tepebaşı', 'Sivrihisar'] },
  { province: 'Trabzon', weight: 2, districts: ['Ortahisar', 'Akçaabat', 'Of', 'Araklı'] },
  { province: 'Samsun', weight: 2, districts: ['İlkadım', 'Atakum', 'Bafra', 'Çarşamba'] },
  { province: 'Denizli', weight: 2, districts: ['Pamukkale', 'Merkezefendi', 'Çivril'] },
  { province: 'Muğla', weight: 2, districts: ['Bodrum', 'Fethiye', 'Menteşe', 'Marmaris', 'Milas'] },
  { province: 'Diyarbakır', weight: 2, districts: ['Bağlar', 'Kayapınar', 'Yenişehir', 'Sur'] },
  { province: 'Şanlıurfa', weight: 1, districts: ['Haliliye', 'Eyyübiye', 'Siverek', 'Viranşehir'] },
  { province: 'Kocaeli', weight: 3, districts: ['İzmit', 'Gebze', 'Darıca', 'Gölcük', 'Körfez'] },
  { province: 'Sakarya', weight: 1, districts: ['Adapazarı', 'Serdivan', 'Akyazı'] },
  { province: 'Tekirdağ', weight: 2, districts: ['Çorlu', 'Süleymanpaşa', 'Çerkezköy', 'Ergene'] },
  { province: 'Manisa', weight: 2, districts: ['Yunusemre', 'Şehzadeler', 'Akhisar', 'Turgutlu', 'Salihli'] },
  { province: 'Çanakkale', weight: 1, districts: ['Merkez', 'Biga', 'Çan', 'Gelibolu'] },
  { province: 'Erzurum', weight: 1, districts: ['Yakutiye', 'Palandöken', 'Aziziye'] },
  { province: 'Van', weight: 1, districts: ['İpekyolu', 'Tuşba', 'Erciş'] },
  { province: 'Hatay', weight: 1, districts: ['Antakya', 'İskenderun', 'Dörtyol', 'Defne'] },
  { province: 'Mersin', weight: 2, districts: ['Yenişehir', 'Mezitli', 'Tarsus', 'Toroslar'] },
  { province: 'Ağrı', weight: 1, districts: ['Merkez', 'Doğubayazıt', 'Patnos'] },
  { province: 'Uşak', weight: 1, districts: ['Merkez', 'Banaz'] },
  { province: 'Düzce', weight: 1, districts: ['Merkez', 'Akçakoca'] },
  { province: 'Zonguldak', weight: 1, districts: ['Merkez', 'Ereğli', 'Çaycuma'] },
  { province: 'Kütahya', weight: 1, districts: ['Merkez', 'Tavşanlı', 'Simav'] },
  { province: 'Çorum', weight: 1, districts: ['Merkez', 'Sungurlu', 'Osmancık'] },
];
export const PLACE_WEIGHT = PLACES.reduce((s, p) => s + p.weight, 0);

export const WORDS = ['Yıldız', 'Ağaoğlu', 'Öztürk', 'Çelik', 'Şahin', 'Demir', 'Kaya', 'Aydın', 'Arslan', 'Doğan', 'Kılıç', 'Aslan', 'Çetin', 'Koç', 'Kurt', 'Özdemir', 'Şimşek', 'Erdoğan', 'Güneş', 'Akın', 'Bozkurt', 'Ünal', 'Işık', 'İnce', 'Uğurlu', 'Karadeniz', 'Ege', 'Anadolu', 'Marmara', 'Toros', 'Kaçkar', 'Akdeniz', 'Yeşilırmak', 'Fırat', 'Dicle', 'Erciyes', 'Uludağ', 'Palandöken', 'Güven', 'Özgür', 'Başak', 'Ilgın', 'Çınar', 'Gök', 'Altın', 'Gümüş', 'Demirtaş', 'Karaca', 'Kocabaş', 'Tunç', 'Ekinci', 'Sarıgül', 'Ayyıldız', 'Öncü', 'Ergün', 'Yüksel', 'Polat', 'Tekin', 'Korkmaz', 'Acar', 'Türkmen', 'Şen', 'Keskin', 'Bulut', 'Avcı', 'Özkan', 'Yalçın', 'Aksoy', 'Çakır', 'Kalkan', 'Sönmez', 'Özbek', 'Güler', 'İpek', 'Oğuz', 'Çağlar', 'Göktürk', 'Erdem', 'Soylu', 'Ilıca'];
export const SECTORS = ['Gıda', 'Tekstil', 'İnşaat', 'Otomotiv', 'Mobilya', 'Ambalaj', 'Kimya', 'Elektrik', 'Makina', 'Tarım Ürünleri', 'Lojistik', 'Bilişim', 'Medikal', 'Kırtasiye', 'Yapı Malzemeleri', 'Hırdavat', 'Su Ürünleri', 'Süt Ürünleri', 'Plastik', 'Enerji', 'Turizm', 'Mermer', 'Cam', 'Kağıt', 'Kozmetik', 'Temizlik Ürünleri', 'Hayvancılık', 'Zirai İlaç', 'Elektronik', 'Metal', 'Döküm', 'Boya', 'Isı Sistemleri', 'Peyzaj', 'Matbaacılık', 'Oto Yedek Parça', 'Akaryakıt', 'Büro Malzemeleri', 'Örme', 'Züccaciye'];
export const SUFFIXES = ['A.Ş.', 'Ltd. Şti.', 'San. ve Tic. A.Ş.', 'San. ve Tic. Ltd. Şti.', 'Tic. Ltd. Şti.', 'İth. İhr. Ltd. Şti.', 'Paz. A.Ş.', 'İnş. Taah. Ltd. Şti.'];
export const FIRST_NAMES = ['Mehmet', 'Ahmet', 'Mustafa', 'Ayşe', 'Fatma', 'Emine', 'Hüseyin', 'Ali', 'Zeynep', 'Elif', 'İbrahim', 'Hasan', 'Murat', 'Ömer', 'Şükrü', 'Gülşen', 'Özlem', 'Çağrı', 'Işıl', 'İlker', 'Ümit', 'Ülkü', 'Şule', 'Gökhan', 'Tuğba', 'Buğra', 'Eşref', 'Nazlı', 'Cemil', 'Derya'];

export interface Product { code: string; name: string; unit: 'Adet' | 'Kg' | 'Lt' | 'Metre' | 'Koli'; price: Minor; vat: 1 | 10 | 20 }
export const PRODUCTS: Product[] = [
  { code: 'GD-0101', name: 'Ekmeklik Buğday Unu 50 kg', unit: 'Adet', price: 74_500, vat: 1 },
  { code: 'GD-0102', name: 'Pilavlık Bulgur', unit: 'Kg', price: 3_890, vat: 1 },
  { code: 'GD-0110', name: 'Ayçiçek Yağı 5 L', unit: 'Adet', price: 38_950, vat: 10 },
  { code: 'GD-0115', name: 'Beyaz Peynir (Tam Yağlı)', unit: 'Kg', price: 28_475, vat: 10 },
  { code: 'GD-0120', name: 'Kuru Kayısı (Malatya)', unit: 'Kg', price: 41_290, vat: 10 },
  { code: 'GD-0131', name: 'Süt 1 L x 12', unit: 'Koli', price: 46_800, vat: 10 },
  { code: 'GD-0140', name: 'Zeytinyağı Sızma', unit: 'Lt', price: 52_335, vat: 10 },
  { code: 'GD-0150', name: 'Çay 1 kg (Rize)', unit: 'Adet', price: 31_900, vat: 10 },
  { code: 'TK-0201', name: 'Pamuklu Kumaş %100 Koton', unit: 'Metre', price: 18_750, vat: 10 },
  { code: 'TK-0210', name: 'Örme İplik 30/1', unit: 'Kg', price: 22_460, vat: 10 },
  { code: 'YP-0301', name: 'Portland Çimento 50 kg', unit: 'Adet', price: 21_500, vat: 20 },
  { code: 'YP-0305', name: 'Nervürlü İnşaat Demiri Ø12', unit: 'Kg', price: 2_835, vat: 20 },
  { code: 'YP-0310', name: 'Seramik Karo 60x60', unit: 'Adet', price: 9_990, vat: 20 },
  { code: 'YP-0320', name: 'İç Cephe Boyası 15 L', unit: 'Adet', price: 189_900, vat: 20 },
  { code: 'HR-0401', name: 'Vida Seti 6x40 (100\'lü)', unit: 'Koli', price: 14_575, vat: 20 },
  { code: 'HR-0405', name: 'Matkap Ucu Seti "Pro"', unit: 'Adet', price: 64_990, vat: 20 },
  { code: 'EL-0501', name: 'NYA Kablo 2,5 mm²', unit: 'Metre', price: 1_245, vat: 20 },
  { code: 'EL-0510', name: 'LED Panel 60x60 40W', unit: 'Adet', price: 48_750, vat: 20 },
  { code: 'BL-0601', name: 'Dizüstü Bilgisayar i5/16GB', unit: 'Adet', price: 3_149_900, vat: 20 },
  { code: 'BL-0605', name: 'Yazıcı Toneri (Siyah)', unit: 'Adet', price: 174_500, vat: 20 },
  { code: 'KR-0701', name: 'A4 Fotokopi Kağıdı 80 gr (5\'li koli)', unit: 'Koli', price: 89_900, vat: 20 },
  { code: 'KR-0705', name: 'Tükenmez Kalem Mavi (50\'li)', unit: 'Koli', price: 27_500, vat: 20 },
  { code: 'TM-0801', name: 'Yüzey Temizleyici 5 L', unit: 'Adet', price: 16_990, vat: 20 },
  { code: 'TM-0805', name: 'Çamaşır Suyu 4 L', unit: 'Adet', price: 8_450, vat: 20 },
  { code: 'AM-0901', name: 'Oluklu Mukavva Koli 40x30x30', unit: 'Adet', price: 1_870, vat: 20 },
  { code: 'AM-0905', name: 'Streç Film 50 cm', unit: 'Kg', price: 9_120, vat: 20 },
  { code: 'OT-1001', name: 'Fren Balatası Ön Takım', unit: 'Adet', price: 125_000, vat: 20 },
  { code: 'OT-1005', name: 'Motor Yağı 10W-40 4 L', unit: 'Adet', price: 119_900, vat: 20 },
  { code: 'TR-1101', name: 'Kompoze Gübre 20-20-0', unit: 'Kg', price: 1_985, vat: 1 },
  { code: 'TR-1105', name: 'Sertifikalı Tohumluk Buğday', unit: 'Kg', price: 1_640, vat: 1 },
  { code: 'AK-1201', name: 'Motorin (Euro Diesel)', unit: 'Lt', price: 4_487, vat: 20 },
  { code: 'HZ-1301', name: 'Nakliye Hizmeti', unit: 'Adet', price: 850_000, vat: 20 },
  { code: 'HZ-1305', name: 'Montaj & Kurulum Hizmeti', unit: 'Adet', price: 275_000, vat: 20 },
];

export const COLLECTION_TEXTS = ['Havale ile tahsilat - Garanti BBVA', 'EFT tahsilatı - Ziraat Bankası', 'Kredi kartı tahsilatı (POS)', 'Nakit tahsilat', 'Çek tahsilatı - vadeli çek', 'Havale - İş Bankası "ticari" hesap'];
export const PAYMENT_TEXTS = ['Havale ile ödeme - İş Bankası', 'EFT ile ödeme - Yapı Kredi', 'Nakit ödeme', 'Çek ile ödeme', 'Ödeme - %50 peşinat & kalan 30 gün'];
export const TERMS = [30, 45, 60, 90];
