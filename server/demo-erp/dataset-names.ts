/**
 * The names and places of the demo ERP's generated companies: the seeded random source, a province and
 * district by population weight (some in upper case, as several WEX installations keep them), a company
 * name in the forms Turkish trade names take, and a supplier's invoice series from its initials.
 */
import { PLACES, PLACE_WEIGHT, WORDS, SECTORS, SUFFIXES, FIRST_NAMES } from './dataset-words';
import { createRng } from './dataset-model';

export interface Rand {
  next: () => number;
  int: (min: number, max: number) => number;
  pick: <T>(list: readonly T[]) => T;
  chance: (p: number) => boolean;
}
export function rand(seed: number): Rand {
  const next = createRng(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, int, pick: (list) => list[Math.floor(next() * list.length)]!, chance: (p) => next() < p };
}

export function pickPlace(r: Rand): { province: string; district: string } {
  let x = r.next() * PLACE_WEIGHT;
  let place = PLACES[0]!;
  for (const p of PLACES) {
    x -= p.weight;
    if (x < 0) {
      place = p;
      break;
    }
  }
  const d = r.int(0, place.districts.length - 1);
  // Several WEX installations keep İL/İLÇE in upper case.
  if (!r.chance(0.35)) return { province: place.province, district: place.districts[d]! };
  return { province: upper(place.province), district: r.chance(0.6) ? upper(place.districts[d]!) : place.districts[d]! };
}

const upperCache = new Map<string, string>();
function upper(s: string): string {
  let u = upperCache.get(s);
  if (u === undefined) upperCache.set(s, (u = s.toLocaleUpperCase('tr-TR')));
  return u;
}

export function makeName(r: Rand, province: string): string {
  const x = r.next();
  const w = r.pick(WORDS);
  if (x < 0.55) return `${w} ${r.pick(SECTORS)} ${r.pick(SUFFIXES)}`;
  if (x < 0.68) return `${w}${r.pick(['oğlu', 'lar', ' Kardeşler', ' Grup'])} ${r.pick(SECTORS)} ${r.pick(SUFFIXES)}`;
  if (x < 0.8) {
    const surname = r.pick(WORDS);
    return `${r.pick(FIRST_NAMES)} ${surname} - ${surname} ${r.pick(SECTORS)}`;
  }
  if (x < 0.87) return `${w} & ${r.pick(WORDS)} ${r.pick(SECTORS)} ${r.pick(SUFFIXES)}`;
  if (x < 0.93) return `${province.charAt(0)}${province.slice(1).toLocaleLowerCase('tr-TR')} ${r.pick(SECTORS)} ${r.pick(SUFFIXES)}`;
  return `${w} ${r.pick(SECTORS)} ve ${r.pick(SECTORS)} ${r.pick(SUFFIXES)}`;
}

export function supplierSeries(name: string, used: Set<string>, r: Rand): string {
  const letters = name
    .toLocaleUpperCase('tr-TR')
    .replace(/[ÇĞİIÖŞÜ]/g, (c) => ({ Ç: 'C', Ğ: 'G', İ: 'I', I: 'I', Ö: 'O', Ş: 'S', Ü: 'U' })[c] ?? c)
    .split(/[^A-Z]+/)
    .filter(Boolean)
    .map((w) => w[0])
    .join('');
  let series = (letters + 'XXX').slice(0, 3);
  for (let i = 0; used.has(series) && i < 20; i++) series = series.slice(0, 2) + String.fromCharCode(65 + r.int(0, 25));
  used.add(series);
  return series;
}
