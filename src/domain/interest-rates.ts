/**
 * Dated interest-rate schedules for vade farkı, with their sources. A late day is charged at the rate
 * in force ON that day (a period across a change is split day by day: late-interest.ts `segmentsOf`).
 * Annual rates, a year = 365 days (a leap year's 29 February is one more late day, not a longer year).
 *
 * kanuni — kanuni faiz, 3095 sayılı Kanuni Faiz ve Temerrüt Faizine İlişkin Kanun md. 1:
 *   - 01.01.2006: yıllık %9 — Bakanlar Kurulu Kararı 2005/9831 (19.12.2005).
 *   - 01.06.2024: yıllık %24 — Cumhurbaşkanı Kararı 8485, Resmî Gazete 21.05.2024 sayı 32552.
 *   Days before 01.01.2006 have no rate here (the earlier rates are not in this table).
 * ttk1530 — ticari işlerde mal ve hizmet tedarikinde geç ödeme (TTK md. 1530/7): the rate TCMB
 *   publishes each January for the calendar year, with the minimum collection cost (asgari giderim
 *   tutarı) the creditor may claim. Days before 01.01.2023 have no rate here.
 *   - 2023: %11,75, 800 TL — TCMB Tebliği for 2023. Stated in Andersen Türkiye's circular 2024/03
 *     ("2023 yılı için faiz oranı %11,75 ... asgari giderim tutarı 800 TL"); the Resmî Gazete text itself
 *     is not among our stored sources, so both values stay `toConfirm` (secondary source only).
 *   - 2024: %48, 1.310 TL — TCMB Tebliği, Resmî Gazete 02.01.2024 (Andersen circular 2024/03 quotes it).
 *   - 2025: %53,25 — confirmed: every report of the 02.01.2026 Tebliğ (Habertürk, Mynet, Sabah,
 *     Cumhuriyet) gives 2025's rate as %53,25. Its asgari giderim tutarı is NOT confirmed: those reports
 *     disagree (Habertürk, Sabah: 1.450 TL; Ensonhaber: 1.475 TL) and the 2025 Tebliğ text is not stored;
 *     1.450 TL (the majority) is kept and marked `costToConfirm`, and the page says it is unconfirmed.
 *   - 2026: %43, 2.020 TL — TCMB Tebliği, Resmî Gazete 02.01.2026 sayı 33125 (text quoted by Mynet).
 * A new year's rate is one line below (and its source); the page warns when a late day has no rate.
 */
import type { IsoDate, Minor } from './types';

export type ScheduleId = 'kanuni' | 'ttk1530';

export interface RateStep {
  /** In force from this day (inclusive) until the next step. */
  from: IsoDate;
  /** Percent a year. */
  annual: number;
  source: string;
  /** The asgari giderim tutarı of TTK md. 1530 for the step's year (kuruş), when there is one. */
  minCollectionCost?: Minor;
  /** The rate (and cost) are from a secondary source only: to be checked against the Resmî Gazete text. */
  toConfirm?: boolean;
  /** Only the minimum collection cost is unconfirmed (sources disagree). */
  costToConfirm?: boolean;
}

export interface RateSchedule {
  id: ScheduleId;
  steps: readonly RateStep[];
}

export const RATE_SCHEDULES: Record<ScheduleId, RateSchedule> = {
  kanuni: {
    id: 'kanuni',
    steps: [
      { from: '2006-01-01', annual: 9, source: 'BKK 2005/9831' },
      { from: '2024-06-01', annual: 24, source: 'CB Kararı 8485, RG 21.05.2024/32552' },
    ],
  },
  ttk1530: {
    id: 'ttk1530',
    steps: [
      {
        from: '2023-01-01',
        annual: 11.75,
        minCollectionCost: 80000,
        source: 'TCMB Tebliği 2023 (Andersen sirküler 2024/03; RG metni doğrulanmadı)',
        toConfirm: true,
      },
      { from: '2024-01-01', annual: 48, minCollectionCost: 131000, source: 'TCMB Tebliği, RG 02.01.2024' },
      {
        from: '2025-01-01',
        annual: 53.25,
        minCollectionCost: 145000,
        source: 'TCMB Tebliği 2025 (oran: RG 02.01.2026 haberleri; asgari giderim 1.450/1.475 TL çelişkili)',
        costToConfirm: true,
      },
      { from: '2026-01-01', annual: 43, minCollectionCost: 202000, source: 'TCMB Tebliği, RG 02.01.2026/33125' },
    ],
  },
};

export const isScheduleId = (s: string | null | undefined): s is ScheduleId => s === 'kanuni' || s === 'ttk1530';

/** The step in force on a day, or null before the schedule's first step. */
export function stepOn(schedule: RateSchedule, day: IsoDate): RateStep | null {
  let found: RateStep | null = null;
  for (const s of schedule.steps) if (s.from <= day) found = s;
  return found;
}
