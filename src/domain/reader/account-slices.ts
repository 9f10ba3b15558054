/**
 * get_cari read a slice of rows at a time while the answer arrives (the answer worker gives this to
 * BodySegments as its sink): each slice's rows are read and let go at once, not all kept to the end —
 * kept, 100,000 parsed rows cost a fresh worker 30–190 ms of copying by the garbage collector
 * (decision 0012). Only where that gives exactly visitAccounts' result: every slice an array of objects
 * with the same keys in the same order, each key one of the account's typed fields (an extra column's
 * kind comes from all its values). Any other slice is refused (`take` → false); `matches` then checks
 * that the whole answer locates these very rows.
 */
import { locateTable, type RawTable } from './locate';
import { visitAccountTable, type AccountRows } from './records';

const REFUSED = Symbol('refused');

export class AccountSlices {
  private keys: readonly string[] | null = null;
  private first: unknown;
  /** Rows read so far; the unreadable values among them. */
  visited = 0;
  warnings = 0;

  constructor(private readonly rows: AccountRows) {}

  /** BodySegments' sink: reads `values` (a slice of the rows' array) when they can be read alone. */
  readonly take = (values: unknown[]): boolean => {
    let table: RawTable;
    try {
      table = locateTable(values);
    } catch {
      return false;
    }
    if (!table.uniform || table.objects === undefined || table.rowCount !== values.length) return false;
    if (this.keys !== null && !sameKeys(table.keys, this.keys)) return false;
    const offset = this.visited;
    const rows = this.rows;
    const opening = this.keys === null;
    let read: { warnings: number };
    try {
      read = visitAccountTable(table, {
        start(_n, extraKeys) {
          if (extraKeys.length > 0) throw REFUSED;
          // A list of unknown length: the packer sizes its chunks as they fill.
          if (opening) rows.start(Infinity, []);
        },
        // Typed by AccountRows: the reader's row, at its index in the whole list.
        row(i, id, category, name, province, district, balance, invalid, currency) {
          rows.row(offset + i, id, category, name, province, district, balance, invalid, currency);
        },
        extra() {
          throw REFUSED;
        },
      });
    } catch (error) {
      if (error === REFUSED) return false;
      throw error;
    }
    if (opening) {
      this.keys = table.keys;
      this.first = values[0];
    }
    this.visited += values.length;
    this.warnings += read.warnings;
    return true;
  };

  /** Whether the whole answer (BodySegments' value: its rows' array holds the first row only) locates these rows. */
  matches(value: unknown): boolean {
    try {
      const table = locateTable(value);
      return table.rowCount === 1 && table.objects?.[0] === this.first && this.keys !== null && sameKeys(table.keys, this.keys);
    } catch {
      return false;
    }
  }
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
