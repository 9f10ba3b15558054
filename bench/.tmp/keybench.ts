import { getDataset } from '../../server/demo-erp/index';
import { trCollator } from '../../src/lib/turkish';
const names = [...new Set(getDataset({ size: 'large' }).accounts.map((a) => a.name))];
const SPECIAL: Record<string, string> = { 'ç': 'c\x7f', 'ğ': 'g\x7f', 'ı': 'h\x7f', 'ö': 'o\x7f', 'ş': 's\x7f', 'ü': 'u\x7f', 'â': 'a', 'î': 'i', 'û': 'u', ' ': '\x01', '\t': '\x01', '\n': '\x01', '\r': '\x01', '\u00a0': '\x01' };
const PUNCT = '_-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$';
for (let p = 0; p < PUNCT.length; p++) SPECIAL[PUNCT[p]!] = String.fromCharCode(0x10 + p);
const RE = /[^a-z]|[0-9]+/g;
function fastKey(s: string): string {
  return s.toLocaleLowerCase('tr').replace(/[0-9]+|[^a-z]/g, (m) => {
    const c = m.charCodeAt(0);
    if (c >= 48 && c <= 57) {
      let st = 0;
      while (st < m.length - 1 && m.charCodeAt(st) === 48) st++;
      return '@' + String.fromCharCode(0x41 + (m.length - st)) + m.slice(st);
    }
    return SPECIAL[m] ?? '\uffff' + m;
  });
}
void RE;
for (let k = 0; k < 3; k++) {
  let t0 = performance.now();
  const keys = names.map(fastKey);
  const t1 = performance.now();
  const idx = Array.from(names, (_, i) => i);
  idx.sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0));
  const t2 = performance.now();
  let bad = 0;
  for (let i = 1; i < idx.length; i++) if (trCollator.compare(names[idx[i - 1]!]!, names[idx[i]!]!) > 0) { if (bad++ < 3) console.info('bad', names[idx[i - 1]!], '|', names[idx[i]!]); }
  const t3 = performance.now();
  console.info('fastKey', (t1 - t0).toFixed(0), 'sort', (t2 - t1).toFixed(0), 'verify', (t3 - t2).toFixed(0), 'bad', bad);
  t0 = performance.now();
  const idx2 = Array.from(names, (_, i) => i);
  idx2.sort((a, b) => trCollator.compare(names[a]!, names[b]!));
  console.info('collator sort', (performance.now() - t0).toFixed(0));
}
