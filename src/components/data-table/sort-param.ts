import type { SortingState } from './types';

/** URL form of the sort state: "name" (ascending), "-balance" (descending), "" (ERP order). */
export function sortingToParam(sorting: SortingState): string {
  const s = sorting[0];
  return s ? `${s.desc ? '-' : ''}${s.id}` : '';
}

/** Reads ?sort=...; unknown column ids are dropped when `allowed` is given. */
export function sortingFromParam(param: string | null | undefined, allowed?: readonly string[]): SortingState {
  if (!param) return [];
  const desc = param.startsWith('-');
  const id = desc ? param.slice(1) : param;
  if (!id || (allowed && !allowed.includes(id))) return [];
  return [{ id, desc }];
}
