import type { Cell } from './erp-types';

/** Plain text of a cell (ids, names, numbers as the ERP wrote them); "" for empty. */
export function cellText(cell: Cell | undefined): string {
  if (!cell) return '';
  switch (cell.kind) {
    case 'text':
      return cell.text;
    case 'number':
    case 'date':
    case 'invalid':
      return cell.raw.trim();
    default:
      return '';
  }
}
