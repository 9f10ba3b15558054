/**
 * One ERP call whose answer may be long (a 100k-account list, a 50k-line statement): read whole by
 * `read`, and — while it is still arriving — its first rows offered to the page (partial-answers.ts)
 * when `showable` says they can stand on their own. The one way fetchAccounts and fetchStatement
 * fetch; the promise resolves with the WHOLE answer, or fails (and then no first rows stay behind).
 */
import { mark, postErp, type RequestOptions } from './client';
import type { ErpCall } from '../contract/erp';
import { clearPartial, offerPartial } from './partial-answers';
import { parsePrefix } from './reader';

export async function fetchLongAnswer<T>(call: ErpCall, read: (json: unknown) => T, showable: (first: T) => boolean, options?: RequestOptions): Promise<T> {
  clearPartial(call.queryKey); // an earlier load's rows are not this one's
  const onPartial = (start: string) => {
    const json = parsePrefix(start);
    if (json === undefined) return undefined;
    const first = read(json);
    return showable(first) ? offerPartial(call.queryKey, first) : undefined;
  };
  try {
    const whole = read(await postErp(call.operation, call.params, { ...options, onPartial }));
    mark(`erp:${call.operation}:read`);
    return whole;
  } catch (error) {
    clearPartial(call.queryKey);
    throw error;
  }
}
