/**
 * The Ba/Bs reporting threshold: 5.000 TL KDV hariç per counterparty and month (VUK Genel Tebliği
 * 396, amended by 523). A setting; a typed value is read as every typed amount is (parseAmountInput:
 * "5.000" is five thousand, "5.000,00" too) and refused when it could mean two things ("5,000").
 */
import { amountInputMessage, parseAmountInput } from '../money';
import type { Minor } from '../types';

export const DEFAULT_THRESHOLD: Minor = 500_000;
export const THRESHOLD_SOURCE =
  'VUK Genel Tebliği (Sıra No: 396), 523 sıra no.lu Tebliğ ile değişik: kişi/kurum başına aylık KDV hariç toplam 5.000 TL ve üzeri';

export type ThresholdParse = { ok: true; minor: Minor } | { ok: false; message: string };

/** Accepts 5000, 5.000, 5000,00, 5.000,00 and 4999,99; refuses 5,000 (two readings), 0 and anything unreadable. */
export function parseThreshold(input: string): ThresholdParse {
  const typed = parseAmountInput(input);
  if (typed.kind !== 'amount') return { ok: false, message: amountInputMessage(typed, 'Sınır')! };
  if (typed.minor <= 0) return { ok: false, message: 'Sınır sıfırdan büyük olmalı.' };
  return { ok: true, minor: typed.minor };
}
