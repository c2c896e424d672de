// The words for a period in progress (docs/product-rules.md, "Figures"): its growth is over the same
// days of the period before and marked "(so far)", and none is said so, never shown as a rate.
import { describe, expect, it } from 'vitest';
import { bucketLabels, growthTooltipLine } from '@/features/explore/format';
import { formatGrowthSoFar } from '@/lib/format';

describe('growth of a period in progress', () => {
  it('reads as growth on the same days of the period before, so far, or says there were none', () => {
    expect(formatGrowthSoFar(12)).toBe('+12% on the same days of last month (so far)');
    expect(formatGrowthSoFar(-77.94)).toBe('-77.9% on the same days of last month (so far)');
    expect(formatGrowthSoFar(0, 'week')).toBe('0% on the same days of last week (so far)');
    expect(formatGrowthSoFar(null)).toBe('no reports in the same days of last month');
    expect(formatGrowthSoFar(null, 'week')).toBe('no reports in the same days of last week');
  });

  it('marks the last period "(so far)" in labels and in the chart tooltip', () => {
    expect(bucketLabels(['2026-11-01', '2026-12-01'], 'monthly')).toEqual(['Nov 2026', 'Dec 2026 (so far)']);
    expect(bucketLabels(['2026-11-30', '2026-12-07'], 'weekly')).toEqual(['Nov 30, 2026', 'Dec 7, 2026 (so far)']);
    expect(growthTooltipLine('experiences', 12, true, 'month')).toBe('Experiences (so far): 12');
    expect(growthTooltipLine('experiences', 1200, false, 'month')).toBe('Experiences: 1,200');
    expect(growthTooltipLine('growth', 20, true, 'week')).toBe('Growth: +20% on the same days of last week (so far)');
    expect(growthTooltipLine('growth', null, true, 'month')).toBe('Growth: no reports in the same days of last month');
    expect(growthTooltipLine('growth', 10, false, 'month')).toBe('Growth on previous month: +10%');
    expect(growthTooltipLine('growth', null, false, 'month')).toBe('Growth on previous month: none to compare');
  });
});
