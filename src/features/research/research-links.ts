// Links between the Research Hub's tabs (the parameters of research-params.ts).
import { paths } from '@/lib/paths';

/** `/research?tab=reports&report=…`: the report with its current status and decisions. */
export const reportLink = (id: string) => `${paths.research}?${new URLSearchParams({ tab: 'reports', report: id })}`;

/** `/research?tab=activity&activityReport=…`: every log entry of one report. */
export const activityLink = (id: string) =>
  `${paths.research}?${new URLSearchParams({ tab: 'activity', activityReport: id })}`;
