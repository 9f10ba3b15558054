/** Tahsilat takibi (docs/tahsilat-api.md): the worklist, a customer's panel, promises, reminders. */
import { queryOptions } from '@tanstack/react-query';
import { apiClient, type SendInit } from './client';
import { failureOf } from './mutabakat';
import { takeOrSend } from './erp-call';
import { worklistCall, worklistFirstPath, type WorklistView } from '../contract/tahsilat';

export interface CurrencyOverdue {
  currency: string;
  overdue: number;
  open: number;
  overdueCount: number;
  oldestDays: number;
  oldestDue: string | null;
  estimated?: boolean;
}
export interface PromiseInfo {
  id: string;
  amount: number;
  currency: string;
  takenOn: string;
  due: string;
  by: string;
  byName: string;
  createdAt: string;
  status: 'pending' | 'kept' | 'partial' | 'broken' | 'unknown';
  paid: number | null;
  shortfall: number | null;
  keptOn: string | null;
  late: boolean;
}
export interface WorkRow {
  accountId: string;
  name: string;
  overdue: CurrencyOverdue[];
  oldestDays: number | null;
  owner: string | null;
  nextAction: string;
  nextActionDate: string | null;
  lastActivity: { at: string; kind: string; by: string } | null;
  promise: PromiseInfo | null;
  reminderLevel: number;
  flags: string[];
  version: number;
  urgency: number;
}
export type View = WorklistView;
export interface Worklist {
  today: string;
  asOf: string | null;
  stale: boolean;
  problem: string | null;
  counts: Record<View, number>;
  total: number;
  rows: WorkRow[];
  mailProblem: string | null;
}
export interface Payables {
  asOf: string | null;
  stale: boolean;
  problem: string | null;
  rows: { accountId: string; name: string; open: CurrencyOverdue[]; oldestDays: number }[];
}
export interface Activity {
  id: number;
  at: string;
  by: string;
  byName: string;
  kind: string;
  kindLabel: string;
  result: string | null;
  resultLabel: string | null;
  note: string;
}
export interface CollectState {
  owner: string | null;
  nextAction: string;
  nextActionDate: string | null;
  flags: string[];
  version: number;
  updatedBy: string | null;
}
export interface CollectAccount {
  accountId: string;
  name: string;
  today: string;
  stale: boolean;
  overdue: CurrencyOverdue[];
  currencies: string[];
  state: CollectState;
  promises: PromiseInfo[];
  activities: Activity[];
  graceDays: number;
  address: { collectTo: string[] | null; to: string[] };
}
export interface Proposal {
  id: string;
  accountId: string;
  name: string;
  level: number;
  kind: string;
  state: string;
  overdue: { currency: string; overdue: number; oldestDays: number }[];
  to: string[];
}

async function request<T>(path: string, init: SendInit): Promise<T> {
  const client = apiClient();
  const res = await client.send(`tahsilat/${path}`, init);
  if (res.ok) return client.jsonOf<T>(res, init.signal);
  throw await failureOf(res, init.signal);
}
const enc = encodeURIComponent;

/** A view's first rows: the request the page load or the route sent early (pages.ts firstCalls), taken over once, else a new one. */
async function worklistFirst({ signal, view }: { signal: AbortSignal; view: View }): Promise<Worklist> {
  const res = await takeOrSend(worklistCall(view), { signal });
  if (res.ok) return apiClient().jsonOf<Worklist>(res, signal);
  throw await failureOf(res, signal);
}

export const tahsilatQueries = {
  all: ['tahsilat'] as const,
  /** The view's first rows (a screenful many times over) with its counts and total: what the page paints first. */
  worklist: (view: View) => queryOptions({ queryKey: ['tahsilat', 'worklist', view], queryFn: ({ signal }) => worklistFirst({ signal, view }) }),
  /** The whole view (search, sort and export over every row): asked once the first rows are in. */
  worklistWhole: (view: View) =>
    queryOptions({
      queryKey: ['tahsilat', 'worklist', view, 'whole'],
      queryFn: ({ signal }) => request<Worklist>(`worklist?view=${view}&limit=all`, { method: 'get', signal }),
    }),
  payables: () => queryOptions({ queryKey: ['tahsilat', 'payables'], queryFn: ({ signal }) => request<Payables>('payables', { method: 'get', signal }) }),
  account: (id: string) =>
    queryOptions({ queryKey: ['tahsilat', 'account', id], queryFn: ({ signal }) => request<CollectAccount>(`accounts/${enc(id)}`, { method: 'get', signal }) }),
  reminders: () =>
    queryOptions({ queryKey: ['tahsilat', 'reminders'], queryFn: ({ signal }) => request<{ reminders: Proposal[] }>('reminders', { method: 'get', signal }) }),
};

export const refreshWorklist = (view: View) => request<Worklist>(`${worklistFirstPath(view)}&refresh=1`, { method: 'get' });
export const addActivity = (id: string, body: { kind: string; result?: string | null; note: string }) =>
  request<CollectAccount>(`accounts/${enc(id)}/activities`, { method: 'post', json: body });
export const saveCollectState = (id: string, body: Omit<CollectState, 'updatedBy'>) =>
  request<CollectAccount>(`accounts/${enc(id)}/state`, { method: 'put', json: body });
export const addPromise = (id: string, body: { amount: string; currency: string; due: string; note?: string }) =>
  request<CollectAccount>(`accounts/${enc(id)}/promises`, { method: 'post', json: body });
export const sendDocument = (id: string, kind: 'statement' | 'openItems' | 'lateInterest') =>
  request<{ mailId: string; account: CollectAccount }>(`accounts/${enc(id)}/send-document`, { method: 'post', json: { kind } });
export const proposeReminders = () => request<{ reminders: Proposal[] }>('reminders/propose', { method: 'post', json: {} });
export const sendReminders = (ids: string[]) =>
  request<{ queued: number; skipped: { accountId: string; reason: string }[] }>('reminders/send', { method: 'post', json: { ids } });

export interface ReminderLevel {
  level: number;
  days: number;
  kind: 'email' | 'manual';
  auto: boolean;
  attach: 'openItems' | 'lateInterest' | 'none';
  subject: string;
  body: string;
}
export interface CollectSettings {
  graceDays: number;
  minIntervalDays: number;
  levels: ReminderLevel[];
}
export interface SettingsAnswer {
  settings: CollectSettings;
  fields: { name: string; help: string }[];
}
export const settingsQuery = () =>
  queryOptions({ queryKey: ['tahsilat', 'settings'], queryFn: ({ signal }) => request<SettingsAnswer>('settings', { method: 'get', signal }) });
export const saveSettings = (s: CollectSettings) => request<SettingsAnswer>('settings', { method: 'put', json: s });
export const previewTemplate = (body: { accountId: string; subject: string; body: string }) =>
  request<{ subject: string; text: string; html: string; name: string }>('settings/preview', { method: 'post', json: body });
