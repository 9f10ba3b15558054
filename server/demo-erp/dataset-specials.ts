/** The demo ERP's hand-made accounts: names and figures the tests and the e2e suite look for (see SPECIAL_ACCOUNTS in dataset-model.ts). */
import type { AccountCategory } from './dataset-model';
import type { Activity } from './dataset-builder';

export interface SpecialSpec {
  id: string;
  name: string;
  category: AccountCategory;
  province: string;
  district: string;
  activity: Activity | 'floatTrap' | 'none';
}
export const SPECIALS: SpecialSpec[] = [
  {
    id: '1000',
    name: 'Anadolu Mega Market Zincir Mağazaları A.Ş.',
    category: 'Bayi',
    province: 'İSTANBUL',
    district: 'ÜMRANİYE',
    activity: { invoices: 40, payments: 30, payRatio: 0.8, opening: true, maxLines: 6 },
  },
  {
    id: '1001',
    name: 'Öz-Çağ "Yıldız" Gıda & Tic. Ltd. Şti.',
    category: 'Müşteri',
    province: 'İstanbul',
    district: 'Kadıköy',
    activity: { invoices: 18, payments: 10, payRatio: 0.7, opening: true, maxLines: 5 },
  },
  {
    id: '1002',
    name: 'Ağaoğlu %100 Doğal Ürünler San. ve Tic. A.Ş.',
    category: 'Müşteri',
    province: 'ISPARTA',
    district: 'EĞİRDİR',
    activity: { invoices: 12, payments: 8, payRatio: 0.6, opening: false, maxLines: 4 },
  },
  { id: '1003', name: 'Kuruşçu Kırtasiye Ltd. Şti.', category: 'Müşteri', province: 'Ankara', district: 'Keçiören', activity: 'floatTrap' },
  {
    id: '1004',
    name: 'İĞDIR Tarım Ürünleri San. ve Tic. Ltd. Şti.',
    category: 'Müşteri',
    province: 'İĞDIR',
    district: 'MERKEZ',
    activity: { invoices: 10, payments: 6, payRatio: 0.5, opening: true, maxLines: 3 },
  },
  {
    id: '1005',
    name: 'Iğdır Et ve Süt Ürünleri A.Ş.',
    category: 'Bayi',
    province: 'Iğdır',
    district: 'Tuzluca',
    activity: { invoices: 8, payments: 5, payRatio: 0.85, opening: false, maxLines: 3 },
  },
  {
    id: '1006',
    name: 'A+ Yapı Denetim Ltd. Şti.',
    category: 'Müşteri',
    province: 'Ankara',
    district: 'Çankaya',
    activity: { invoices: 6, payments: 4, payRatio: 1.25, opening: false, maxLines: 3 },
  },
  {
    id: '1007',
    name: "D'Ora Mimarlık & İç Tasarım Ltd. Şti.",
    category: 'Müşteri',
    province: 'İzmir',
    district: 'Karşıyaka',
    activity: { invoices: 7, payments: 5, payRatio: 1, opening: true, maxLines: 3 },
  },
  {
    id: '1008',
    name: 'Isparta Gül Yağı Kozmetik San. ve Tic. A.Ş.',
    category: 'Tedarikçi',
    province: 'Isparta',
    district: 'Merkez',
    activity: { invoices: 9, payments: 6, payRatio: 0.75, opening: true, maxLines: 3 },
  },
  { id: '1009', name: 'Ünal Bilişim Hizmetleri Ltd. Şti.', category: 'Müşteri', province: 'İstanbul', district: 'Ataşehir', activity: 'none' },
  {
    id: '1010',
    name: 'Çukurova Ambalaj San. ve Tic. A.Ş.',
    category: 'Tedarikçi',
    province: 'ADANA',
    district: 'SEYHAN',
    activity: { invoices: 14, payments: 9, payRatio: 0.7, opening: true, maxLines: 4 },
  },
  {
    id: '00457',
    name: 'Şimşek Hırdavat - Ahmet Şimşek',
    category: 'Bayi',
    province: 'Kocaeli',
    district: 'Gebze',
    activity: { invoices: 11, payments: 7, payRatio: 0.9, opening: false, maxLines: 4 },
  },
];
