/** Turkish names of a letter's state, an answer's channel and an event, in one place (board, history, outbox). */
import type { AnswerChannel, LetterEvent, LetterState } from '../../api/mutabakat-types';
import { t } from '../../i18n';

export const stateLabel = (s: LetterState) => t(`mut.state.${s}`);
export const channelLabel = (c: AnswerChannel) => t(`mut.channel.${c}`);
const EVENTS = new Set<string>([
  'created',
  'prepared',
  'prepare_failed',
  'queued',
  'sent',
  'failed',
  'reminded',
  'opened',
  'answered',
  'recorded',
  'resolved',
  'cancelled',
  'resent',
  'resumed_in_flight',
]);
/** An event's name; one this app does not know yet (a newer server) is named as such, never "undefined". */
export const eventLabel = (e: LetterEvent['type']) => (EVENTS.has(e) ? t(`mut.event.${e}`) : t('mut.event.other', { type: String(e) }));

/** "…@…" as the server checks it (ad@alan.tld, ≤ 254): what the form says before it asks. */
const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isAddress = (s: string) => s.length <= 254 && ADDRESS.test(s);

/** "a@x.com; b@y.com, c@z.com" → the addresses (empty parts dropped). */
export const splitAddresses = (text: string) =>
  text
    .split(/[;,]/)
    .map((s) => s.trim())
    .filter(Boolean);
