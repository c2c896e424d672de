// Growth over equal spans (docs/product-rules.md, "Figures"): the month or week in progress is
// compared with the same days of the period before, never with the whole of it, and not at all
// where those days held no reports. The clock is set (docs/architecture.md, "One clock").
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AnalyticsResponse, SubmitExperienceRequest, TrendsResponse } from '../../contract';
import { equalSpans } from '../../server/services/analytics';
import { submitExperience } from '../../server/services/experiences';
import { createTestApp, json, validSubmission, type TestApp } from './helpers';
import { newMember } from './fixtures';

let t: TestApp;
let headers: Record<string, string>;
let bpc: string;
let semax: string;

beforeAll(async () => {
  t = await createTestApp();
  headers = (await newMember(t, 'growth')).headers;
  bpc = t.peptides.get('BPC-157')!;
  semax = t.peptides.get('Semax')!;
});
afterEach(() => t.ctx.clock.set());
afterAll(() => t.close());

const at = (day: string) => new Date(`${day}T12:00:00Z`);

/** Reports published on the given days (years after the seeded ones, so no other report shares their months). */
async function reportsOn(peptideId: string, days: string[]) {
  for (const day of days) {
    t.ctx.clock.set(() => at(day).getTime());
    await submitExperience(t.ctx, SubmitExperienceRequest.parse(validSubmission(peptideId)), at(day));
  }
}

/** The public figures and both trends as they read on `day`. */
async function figuresOn(day: string) {
  t.ctx.clock.set(() => at(day).getTime());
  t.ctx.cache.invalidate();
  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return json(res);
  };
  return {
    analytics: AnalyticsResponse.parse(await get('/api/analytics/public')).data,
    monthly: TrendsResponse.parse(await get('/api/analytics/trends?period=monthly')).data,
    weekly: TrendsResponse.parse(await get('/api/analytics/trends?period=weekly')).data,
  };
}

describe('growth over equal spans', () => {
  it('the spans: the days so far against the same days of the period before, capped at its end', () => {
    expect(equalSpans('month', at('2031-03-07'))).toEqual({
      current: { from: '2031-03-01', to: '2031-03-07' },
      previous: { from: '2031-02-01', to: '2031-02-07' },
    });
    expect(equalSpans('month', at('2031-03-31')).previous).toEqual({ from: '2031-02-01', to: '2031-02-28' });
    expect(equalSpans('month', at('2031-05-30')).previous).toEqual({ from: '2031-04-01', to: '2031-04-30' });
    expect(equalSpans('month', at('2031-01-15')).previous).toEqual({ from: '2030-12-01', to: '2030-12-15' });
    // Friday 7 March: Monday to Friday of this week and of the week before.
    expect(equalSpans('week', at('2031-03-07'))).toEqual({
      current: { from: '2031-03-03', to: '2031-03-07' },
      previous: { from: '2031-02-24', to: '2031-02-28' },
    });
  });

  it('on the 7th, the 7 days so far are compared with the 1st to the 7th of last month only', async () => {
    // February: 2 reports on its 1st-7th and 5 after; March: 4 on the 1st-7th and one after "today".
    await reportsOn(bpc, ['2031-02-01', '2031-02-07', '2031-02-08', '2031-02-20', '2031-02-28', '2031-03-01']);
    await reportsOn(bpc, ['2031-03-04', '2031-03-07', '2031-03-20']);
    await reportsOn(semax, ['2031-02-10', '2031-02-12', '2031-03-05']);
    const { analytics, monthly, weekly } = await figuresOn('2031-03-07');
    // March 1-7: BPC-157 on the 1st, 4th and 7th, Semax on the 5th (the 20th is not yet).
    expect(analytics.experiencesThisMonth).toBe(4);
    // 4 against February 1-7's 2, not against February's 7 (which read -42.9%).
    expect(analytics.experienceGrowth).toBe(100);
    expect(analytics.trendingCategories).toEqual([
      { name: 'Healing & Recovery', growth: 50, experiences: 3 },
      // Semax had reports in February, none on its 1st-7th: nothing to compare with.
      { name: 'Cognitive Enhancement', growth: null, experiences: 1 },
    ]);
    // The Growth tab's month in progress is the same comparison; the whole months before stay whole.
    expect(monthly.asOf).toBe('2031-03-07');
    expect(monthly.totals.slice(-2)).toEqual([7, 4]);
    expect(monthly.growth.at(-1)).toBe(100);
    // The week of Monday 3 March (4th, 5th, 7th) against Monday 24 to Friday 28 February (the 28th),
    // not the whole week that ran to Sunday 2 March (the 1st too).
    expect(weekly.totals.at(-1)).toBe(3);
    expect(weekly.growth.at(-1)).toBe(200);
  });

  it('on the 31st, a 30-day previous month is compared whole', async () => {
    await reportsOn(bpc, ['2031-04-01', '2031-04-30', '2031-05-02', '2031-05-15', '2031-05-31']);
    const { analytics, monthly } = await figuresOn('2031-05-31');
    expect(analytics.experiencesThisMonth).toBe(3);
    expect(analytics.experienceGrowth).toBe(50);
    expect(monthly.growth.at(-1)).toBe(50);
    // On the 29th, April's 30th is not one of the same days.
    const before = await figuresOn('2031-05-29');
    expect(before.analytics.experiencesThisMonth).toBe(2);
    expect(before.analytics.experienceGrowth).toBe(100);
  });

  it('no reports on the same days of last month: no growth (null), in the figures and the trends', async () => {
    await reportsOn(bpc, ['2031-07-20', '2031-08-03']);
    const { analytics, monthly } = await figuresOn('2031-08-10');
    expect(analytics.experiencesThisMonth).toBe(1);
    expect(analytics.experienceGrowth).toBeNull();
    expect(analytics.trendingCategories).toEqual([{ name: 'Healing & Recovery', growth: null, experiences: 1 }]);
    expect(monthly.growth.at(-1)).toBeNull();
    // July's report is not one of the same days: August 1-10 has the one report of the 3rd.
    expect(monthly.totals.slice(-2)).toEqual([1, 1]);
  });
});
