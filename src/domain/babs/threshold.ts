/**
 * The Ba/Bs reporting threshold: 5.000 TL KDV hariç per counterparty and month (VUK Genel Tebliği
 * 396, amended by 523). A setting; a typed value is read exactly and refused when it could mean two
 * things ("5.000" is 5000 in Turkish but 5 with three decimals elsewhere).
 */
import type { Minor } from '../types';

export const DEFAULT_THRESHOLD: Minor = 500_000;
export const THRESHOLD_SOURCE = 'VUK Genel Tebliği (Sıra No: 396), 523 sıra no.lu Tebliğ ile değişik: kişi/kurum başına aylık KDV hariç toplam 5.000 TL ve üzeri';

export type ThresholdParse = { ok: true; minor: Minor } | { ok: false; message: string };

/** Accepts 5000, 5000,00, 5.000,00 (both marks: unambiguous) and 4999,99; refuses 5.000 and 5,000. */
export function parseThreshold(input: string): ThresholdParse {
  const text = input.trim().replace(/\s*(TL|₺)$/i, '');
  if (text === '') return { ok: false, message: 'Sınır boş: bir tutar yazın (ör. 5000 veya 5.000,00).' };
  if (/^\d{1,3}[.,]\d{3}$/.test(text)) {
    return { ok: false, message: `“${input.trim()}” iki türlü okunabilir (binlik ayırıcı mı, ondalık mı?): tahmin edilmedi. Binlik ayırıcı olmadan (5000) ya da kuruşuyla (5.000,00) yazın.` };
  }
  let normal: string | null = null;
  if (/^\d+$/.test(text)) normal = text;
  else if (/^\d+,\d{1,2}$/.test(text)) normal = text.replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+,\d{1,2}$/.test(text)) normal = text.replace(/\./g, '').replace(',', '.');
  if (normal === null) return { ok: false, message: `“${input.trim()}” bir tutar olarak okunamadı: 5000 veya 5.000,00 gibi yazın.` };
  const [whole, frac = ''] = normal.split('.') as [string, string?];
  const minor = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  if (!Number.isSafeInteger(minor) || minor <= 0) return { ok: false, message: 'Sınır sıfırdan büyük olmalı.' };
  return { ok: true, minor };
}
