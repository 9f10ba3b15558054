/**
 * The letter's words without React or CSS (the printed letter, the browser's PDF and the server's
 * mailed PDF all take them from here).
 */
import type { CompanyInfo } from '../erp-types';
import { t } from '../../i18n';
import { formatDate, formatMoney } from '../format';
import type { StatementRow } from '../running-balance';
import type { IsoDate, Minor } from '../types';
import { LOCAL_CURRENCY } from '../currency';

export interface LetterAccount {
  id: string;
  name: string;
  province?: string;
  district?: string;
}

export interface ReconciliationLetterProps {
  company: CompanyInfo;
  /** Denetçi modu: the letter is the auditor's; the answer goes to the audit firm (positive or negative form). */
  audit?: { firm: string; engagementNo: string; auditorEmail: string; form: 'positive' | 'negative'; deadline: IsoDate } | null;
  account: LetterAccount;
  asOf: IsoDate;
  /** The date written on the letter (today). */
  issuedOn: IsoDate;
  /** Σ(borç − alacak) up to and including asOf; > 0 the counterparty owes us (borç). */
  balance: Minor;
  /** The statement's rows (devir row first) when the letter encloses them. */
  rows?: readonly StatementRow[] | null;
  /** First day of the enclosed lines (null = from the beginning). */
  from?: IsoDate | null;
  /** The balance's currency (default TL); a foreign one gets the TL balance as the ERP records it beside it. */
  currency?: string;
  /** The TL balance (shown beside a foreign-currency balance). */
  localBalance?: Minor;
  /** The account's declared currency when the statement has no amount in it (the letter says so). */
  declaredMissing?: string | null;
  /**
   * Print the TTK md. 94 deemed-acceptance clause (default true). It presumes a written cari hesap
   * contract: the installation's LETTER_TTK94_CLAUSE=0 leaves it out.
   */
  ttk94Clause?: boolean;
  /** The statement's document-number column (the enclosure's Belge No). */
  docKey?: string | null;
  /** An account of several currencies: its balance in each (then `balance`/`currency` are not used for the sentence). */
  balances?: readonly { currency: string; balance: Minor }[] | null;
}

/** Several currencies' balances stated one by one: "5.000,00 TL borç; 20.869,36 USD alacak". */
export function balancesList(balances: readonly { currency: string; balance: Minor }[]): string {
  return balances.map((b) => sideAmount(b.balance, b.currency)).join('; ');
}

/** The sentence for an account of several currencies, with the TL figure as the ERP records it. */
export function multiBalanceSentence(asOf: IsoDate, balances: readonly { currency: string; balance: Minor }[], localBalance: Minor): string {
  return t('letter.body.multi', { date: formatDate(asOf), list: balancesList(balances), tl: sideAmount(localBalance, LOCAL_CURRENCY) });
}

/**
 * "1.234,56 TL borç bakiyesi vermektedir" / "… alacak bakiyesi …" / "bakiye vermemektedir"; a
 * foreign-currency account: "20.869,36 USD alacak bakiyesi vermektedir (ERP kayıtlarındaki TL
 * karşılığı: 670.249,01 TL alacak)".
 */
export function balanceSentence(
  asOf: IsoDate,
  balance: Minor,
  currency: string = LOCAL_CURRENCY,
  localBalance?: Minor,
  declaredMissing?: string | null,
): string {
  const sentence = balanceOnly(asOf, balance, currency, localBalance);
  return declaredMissing ? `${sentence} ${t('letter.body.declaredMissing', { declared: declaredMissing })}` : sentence;
}

function balanceOnly(asOf: IsoDate, balance: Minor, currency: string, localBalance?: Minor): string {
  const date = formatDate(asOf);
  const tlNote = currency !== LOCAL_CURRENCY && localBalance !== undefined ? t('letter.body.tlNote', { tl: sideAmount(localBalance, LOCAL_CURRENCY) }) : '';
  if (balance === 0) return t('letter.body.zero', { date, currency, tlNote });
  return t(balance > 0 ? 'letter.body.debit' : 'letter.body.credit', { date, amount: formatMoney(Math.abs(balance)), currency, tlNote });
}

/** "670.249,01 TL alacak" / "0,00 TL". */
function sideAmount(minor: Minor, currency: string): string {
  const side = minor > 0 ? ` ${t('letter.side.debit')}` : minor < 0 ? ` ${t('letter.side.credit')}` : '';
  return `${formatMoney(Math.abs(minor))} ${currency}${side}`;
}
