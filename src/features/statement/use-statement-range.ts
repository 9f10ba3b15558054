/**
 * The statement's range and type, as the URL holds them: a hand-typed from > to (in the address or
 * in the boxes) is swapped and says so; a date that is no date (?from=2026-02-31, or refused by its
 * box) makes the range `stale`: the statement shows no rows or figures for it.
 */
import { useState } from 'react';
import type { SetURLSearchParams } from 'react-router-dom';
import type { ListReturnState } from '../../components/statement/list-return';
import { formatDate } from '../../domain/format';
import type { IsoDate } from '../../domain/types';
import { withParams } from '../../lib/search-params';
import { t } from '../../i18n';
import { orderedRange, parseIsoParam } from './date-range';

export function useStatementRange(params: URLSearchParams, setParams: SetURLSearchParams, listState: ListReturnState) {
  // A hand-edited URL with from > to reads as the same range the other way round (and says so).
  const rawFrom = parseIsoParam(params.get('from'));
  const rawTo = parseIsoParam(params.get('to'));
  const { from, to } = orderedRange(rawFrom, rawTo);
  const [typedSwap, setTypedSwap] = useState(false);
  const swapped = typedSwap || (rawFrom !== null && rawTo !== null && rawFrom > rawTo);
  const type = params.get('type') ?? '';
  // A date that is no date — in the address (?from=2026-02-31) or typed in a box — shows no statement:
  // the rows and figures of the previous range would stand under an error they do not answer.
  const badParams = (['from', 'to'] as const).flatMap((key) => {
    const v = params.get(key);
    return v && !parseIsoParam(v) ? [{ key, value: v.slice(0, 40) }] : [];
  });
  const [refused, setRefused] = useState({ from: false, to: false });
  const onRefused = (box: 'from' | 'to', value: boolean) => setRefused((prev) => (prev[box] === value ? prev : { ...prev, [box]: value }));
  const stale = badParams.length > 0 || refused.from || refused.to;

  // A typed start after the end (or end before the start) swaps the two dates, visibly. A box commits
  // only its own end: the other is read from the URL as it is now (useUrlParams), never from this
  // render, which may not show the other box's commit yet.
  const setRange = (patch: { from?: IsoDate | null; to?: IsoDate | null }) =>
    setParams(
      (prev) => {
        // The other end as the boxes show it (a hand-edited from > to reads the other way round).
        const now = orderedRange(parseIsoParam(prev.get('from')), parseIsoParam(prev.get('to')));
        const nextFrom = patch.from !== undefined ? patch.from : now.from;
        const nextTo = patch.to !== undefined ? patch.to : now.to;
        const r = orderedRange(nextFrom, nextTo);
        setTypedSwap(r.from !== nextFrom);
        return withParams(prev, { from: r.from, to: r.to });
      },
      { replace: true, state: listState },
    );
  const setType = (value: string) => setParams((prev) => withParams(prev, { type: value }), { replace: true, state: listState });

  const rangeText = stale
    ? t('statement.range.refused')
    : !from && !to
      ? t('statement.range.everything')
      : t('statement.range.text', {
          from: from ? formatDate(from) : t('statement.range.open'),
          to: to ? formatDate(to) : t('statement.range.openEnd'),
        });

  return { from, to, swapped, type, badParams, onRefused, stale, setRange, setType, rangeText };
}
