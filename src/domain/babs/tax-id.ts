/**
 * VKN (vergi kimlik numarası: 10 digits, the last a check digit) and TCKN (T.C. kimlik numarası:
 * 11 digits, first not 0, the 10th and 11th check digits). Ba/Bs lines are filed per VKN/TCKN; the
 * ERP's answers carry none, so they are kept with the account's contacts. One account has one.
 */
export type TaxIdCheck = { ok: true; value: string; kind: 'VKN' | 'TCKN' | '' } | { ok: false; message: string };

export function vknValid(v: string): boolean {
  if (!/^\d{10}$/.test(v)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const tmp = (Number(v[i]) + 9 - i) % 10;
    if (tmp === 0) continue;
    const w = (tmp * 2 ** (9 - i)) % 9;
    sum += w === 0 ? 9 : w;
  }
  return (10 - (sum % 10)) % 10 === Number(v[9]);
}

export function tcknValid(v: string): boolean {
  if (!/^[1-9]\d{10}$/.test(v)) return false;
  const d = [...v].map(Number);
  const odd = d[0]! + d[2]! + d[4]! + d[6]! + d[8]!;
  const even = d[1]! + d[3]! + d[5]! + d[7]!;
  if ((((odd * 7 - even) % 10) + 10) % 10 !== d[9]) return false;
  return d.slice(0, 10).reduce((a, b) => a + b, 0) % 10 === d[10];
}

/** '' is allowed (not known yet); spaces inside are dropped ("123 456 78 90"). */
export function checkTaxId(input: string): TaxIdCheck {
  const text = input.trim();
  if (text === '') return { ok: true, value: '', kind: '' };
  const numbers = text.match(/\d[\d ]*\d|\d/g) ?? [];
  if (numbers.length > 1 || /[;,/|]/.test(text) || [20, 21, 22].includes(text.replace(/\s/g, '').length))
    return {
      ok: false,
      message: `“${text.slice(0, 60)}”: birden fazla vergi numarası yazılmış. Bir hesabın tek VKN/TCKN’si olur; doğru olanı yazın, diğeri başka bir hesaba aitse orada kaydedin.`,
    };
  const v = text.replace(/\s/g, '');
  if (!/^\d+$/.test(v)) return { ok: false, message: `“${text.slice(0, 60)}” bir VKN/TCKN değil: yalnız rakam olmalı.` };
  if (v.length === 10)
    return vknValid(v) ? { ok: true, value: v, kind: 'VKN' } : { ok: false, message: `${v}: VKN’nin kontrol hanesi tutmuyor (yanlış yazılmış olabilir).` };
  if (v.length === 11)
    return tcknValid(v) ? { ok: true, value: v, kind: 'TCKN' } : { ok: false, message: `${v}: TCKN’nin kontrol haneleri tutmuyor (yanlış yazılmış olabilir).` };
  return { ok: false, message: `${v}: ${v.length} hane. VKN 10, TCKN 11 hanedir.` };
}
