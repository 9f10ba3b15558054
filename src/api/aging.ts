/** get_yaslandirma: aging report by company name (firma_ismi = trimmed, "" when not given). Fields undocumented → ErpTable. */
import { readTableAnswer } from '../domain/reader';
import { erpQuery } from './erp-call';
import { agingKeys, agingListCall } from '../contract/erp';

const readAging = (json: unknown) => readTableAnswer(json, 'aging');

export const agingQueries = {
  all: agingKeys.all,
  list: (firma: string) => erpQuery(agingListCall(firma), readAging),
};
