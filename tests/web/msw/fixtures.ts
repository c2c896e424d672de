import {
  Peptide,
  PeptideCatalogueResponse,
  PeptideDetailResponse,
  PeptideListResponse,
  ReporterShares,
  type OutcomeSpread,
} from '@contract/peptides';
import { doseOf, readDoseText, type UsualDose } from '@contract/doses';
import { roundTo } from '@contract/rules';
import {
  PublicationScheduleResponse,
  type PublicationSchedule,
  EffectsResponse,
  Experience,
  OwnExperience,
  OwnExperienceResponse,
  SubmitExperienceResponse,
  type Effect,
  type SubmitExperienceInput,
} from '@contract/experiences';
// Test data built through the contract schemas, so a mock can never answer what the real
// server could not (a shape drift fails here, loudly, instead of passing silently).
import { ApiErrorBody, type ErrorCode } from '@contract/common';
import { HealthResponse } from '@contract/analytics';
import type { DoseFiguresAnswer } from '@contract/doses';
import { LoginResponse, LogoutResponse, MeResponse, RefreshResponse, RegisterResponse, User } from '@contract/users';

let counter = 0;
function nextId(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}

export type Role = 'user' | 'moderator';

export function makeUser(overrides: Partial<User> = {}): User {
  return User.parse({
    _id: nextId(),
    email: 'member@example.com',
    role: 'user',
    status: 'approved',
    createdAt: '2026-01-15T10:00:00.000Z',
    ...overrides,
  });
}

export const errorBody = (error: string, code: ErrorCode = 'bad_request') =>
  ApiErrorBody.parse({ success: false, error, code });

export const healthBody = () => HealthResponse.parse({ success: true, data: { status: 'ok' } });

export const loginBody = (user: User, accessToken: string, refreshToken: string) =>
  LoginResponse.parse({ success: true, data: { accessToken, refreshToken, expiresIn: 900, user } });

export const refreshBody = (accessToken: string, refreshToken: string) =>
  RefreshResponse.parse({ success: true, data: { accessToken, refreshToken, expiresIn: 900 } });

export const registerBody = (user: Pick<User, 'email'>, message?: string) =>
  RegisterResponse.parse({ success: true, data: { user: { email: user.email, status: 'pending' } }, message });

export const meBody = (user: User) => MeResponse.parse({ success: true, data: { user } });

export const logoutBody = () => LogoutResponse.parse({ success: true, data: {} });

/**
 * A likely range for a mock mean, as the server would give one: ±0.4 within 1-10, and null (with
 * no mean) below 5 ratings (contract/how-sure.ts).
 */
export function likely(mean: number | null, n: number): { low: number; high: number } | null {
  if (mean === null || n < 5) return null;
  return { low: roundTo(Math.max(1, mean - 0.4), 1), high: roundTo(Math.min(10, mean + 0.4), 1) };
}

let peptideCounter = 0;
/**
 * A contract-valid peptide; each call gets a fresh id and name unless overridden. Its rating
 * follows the server's rule unless `ratingInterval` is given: no mean below 5 reports, else a
 * likely range around it.
 */
export function makePeptide(overrides: Partial<Peptide> = {}): Peptide {
  peptideCounter += 1;
  const n = overrides.totalExperiences ?? 4;
  const mean = 'averageRating' in overrides ? (overrides.averageRating ?? null) : 7.5;
  const rating =
    'ratingInterval' in overrides ? {} : { averageRating: n < 5 ? null : mean, ratingInterval: likely(mean, n) };
  return Peptide.parse({
    _id: `10000000-0000-4000-8000-${String(peptideCounter).padStart(12, '0')}`,
    name: `Peptide ${peptideCounter}`,
    peptide_sequence: 'GEPPPGKPADDAGLV',
    category: 'Healing & Recovery',
    description: 'A healing peptide.',
    detailedDescription: 'Long text.',
    mechanism: 'Angiogenesis.',
    commonDosage: '250 mcg',
    commonFrequency: 'daily',
    commonEffects: ['a', 'b', 'c', 'd', 'e'],
    sideEffects: [],
    commonStacks: [],
    dosageRanges: { low: '100', medium: '250', high: '500' },
    timeline: { onset: '1 week', peak: '3 weeks', duration: '6 weeks' },
    sources: ['https://pubmed.ncbi.nlm.nih.gov/?term=BPC-157', 'Sikiric P et al. (2018), Curr Pharm Des 24:1972'],
    averageRating: 7.5,
    totalExperiences: 4,
    popularity: 42,
    createdAt: '2026-01-15T10:00:00.000Z',
    reviewedAt: '2026-01-15T10:00:00.000Z',
    canDelete: false,
    ...overrides,
    ...rating,
  });
}

// Default catalogue, effects and submission answers, so any page test gets sane data without
// its own handlers (tests override with server.use when they need something specific).
export const DEFAULT_PEPTIDES: Peptide[] = [
  makePeptide({
    _id: '20000000-0000-4000-8000-000000000001',
    name: 'BPC-157',
    category: 'Healing & Recovery',
    description: 'Body protection compound studied for tissue repair.',
    commonEffects: ['Recovery', 'Joint comfort', 'Sleep'],
    sideEffects: ['Headache', 'Nausea', 'Injection site redness'],
  }),
  makePeptide({
    _id: '20000000-0000-4000-8000-000000000002',
    name: 'Ipamorelin',
    category: 'Growth Hormone',
    description: 'Selective growth hormone secretagogue.',
    commonEffects: ['Sleep', 'Recovery', 'Energy'],
  }),
  makePeptide({
    _id: '20000000-0000-4000-8000-000000000003',
    name: 'Semax',
    category: 'Cognitive Enhancement',
    description: 'Nootropic peptide studied for focus.',
    commonEffects: ['Focus', 'Mood'],
  }),
];

/**
 * Who reports a peptide (contract/peptides.ts ReporterShares): by default 24 settled reports with
 * shares; `shares: null` for too few.
 */
export function makeReporters(overrides: Partial<ReporterShares> = {}): ReporterShares {
  const list = (values: readonly string[], percents: number[]) =>
    values.map((value, i) => ({ value, percent: percents[i] ?? 0 }));
  return ReporterShares.parse({
    reports: 24,
    minimum: 20,
    settleDays: 7,
    asOf: '2026-03-01',
    shares: {
      ageRange: list(['18-24', '25-29', '30-34', '35-39', '40-44', '45-49', '50+'], [5, 20, 35, 20, 10, 5, 5]),
      biologicalSex: list(['male', 'female', 'prefer-not-to-say'], [55, 40, 5]),
      activityLevel: list(['sedentary', 'moderate', 'active', 'athletic'], [10, 35, 40, 15]),
    },
    ...overrides,
  });
}

/**
 * What people take (contract/doses.ts DoseFiguresAnswer), shaped like a peptide with 44 published
 * reports: 3 left out (IU or unreadable), three routes of which one has too few, and one outcome
 * with enough ratings in every third of the doses.
 */
export function makeDoseFigures(overrides: Partial<DoseFiguresAnswer> = {}): DoseFiguresAnswer {
  return {
    reports: 44,
    leftOut: 3,
    perAdministration: { median: 250, low: 200, high: 350, n: 41 },
    perWeek: { median: 1750, low: 1400, high: 2450, n: 38 },
    byRoute: [
      { route: 'intramuscular', n: 2, perAdministration: null, perWeek: null },
      {
        route: 'oral',
        n: 6,
        perAdministration: { median: 500, low: 400, high: 500, n: 6 },
        perWeek: { median: 3500, low: 2800, high: 3500, n: 5 },
      },
      {
        route: 'subcutaneous',
        n: 33,
        perAdministration: { median: 250, low: 200, high: 300, n: 33 },
        perWeek: { median: 1750, low: 1400, high: 2100, n: 31 },
      },
    ],
    frequency: { usual: 'daily', n: 18, of: 44 },
    duration: { median: 42, low: 28, high: 60, n: 44 },
    bands: [
      {
        outcome: 'recovery',
        bands: [
          { band: 'lower', fromMcg: 100, toMcg: 200, mean: 6.8, low: 6.1, high: 7.5, n: 14 },
          { band: 'middle', fromMcg: 225, toMcg: 300, mean: 7.4, low: 6.8, high: 8, n: 13 },
          { band: 'higher', fromMcg: 350, toMcg: 1000, mean: 7.6, low: 6.9, high: 8.3, n: 14 },
        ],
      },
    ],
    usual: { lowMcg: 100, highMcg: 500 },
    asOf: '2026-03-01',
    ...overrides,
  };
}

/** What people take for a peptide with 4 reports, one in IU: too few for any dose figure. */
export const TOO_FEW_DOSES: DoseFiguresAnswer = {
  reports: 4,
  leftOut: 1,
  perAdministration: null,
  perWeek: null,
  byRoute: [{ route: 'subcutaneous', n: 3, perAdministration: null, perWeek: null }],
  frequency: { usual: 'daily', n: 3, of: 4 },
  duration: null,
  bands: [],
  usual: null,
  asOf: '2026-03-01',
};

/** GET /api/peptides/{id}: the peptide with who reports it, its outcomes' spread and what people take. */
export const peptideDetailBody = (
  peptide: Peptide,
  reporters: ReporterShares = makeReporters(),
  outcomes: OutcomeSpread[] = [],
  doses: DoseFiguresAnswer = makeDoseFigures(),
) => PeptideDetailResponse.parse({ success: true, data: { peptide: { ...peptide, reporters, outcomes, doses } } });

export const peptideListBody = (peptides: Peptide[], page = 1, pageSize = 20, total = peptides.length) =>
  PeptideListResponse.parse({ success: true, data: { peptides, total, page, pageSize } });

/** What is usual per dose for the default peptides, in mcg (the catalogue's `usualDose`): BPC-157's 200-500 mcg. */
export const DEFAULT_USUAL_DOSES: Record<string, UsualDose> = {
  '20000000-0000-4000-8000-000000000001': { lowMcg: 200, highMcg: 500 },
  '20000000-0000-4000-8000-000000000002': { lowMcg: 100, highMcg: 300 },
};

/** GET /api/peptides/catalogue: every peptide as the wizard's picker needs it; `usual` by peptide id (none: null). */
export const catalogueBody = (
  peptides: readonly Peptide[],
  usual: Readonly<Record<string, UsualDose>> = DEFAULT_USUAL_DOSES,
) =>
  PeptideCatalogueResponse.parse({
    success: true,
    data: {
      peptides: peptides.map(({ _id, name, category, description, commonEffects, sideEffects, totalExperiences }) => ({
        _id,
        name,
        category,
        description,
        commonEffects,
        sideEffects,
        totalExperiences,
        usualDose: usual[_id] ?? null,
      })),
    },
  });

export const DEFAULT_EFFECTS: Effect[] = [
  { _id: '30000000-0000-4000-8000-000000000001', name: 'Better sleep', type: 'positive' },
  { _id: '30000000-0000-4000-8000-000000000002', name: 'Faster recovery', type: 'positive' },
  { _id: '30000000-0000-4000-8000-000000000003', name: 'Headache', type: 'side' },
];

export const effectsBody = (effects: Effect[] = DEFAULT_EFFECTS) =>
  EffectsResponse.parse({ success: true, data: { effects, total: effects.length } });

/** GET /api/publication: a 6-hour grid, groups of at least 5 changes, 14 days at most, 3 days lately. */
export const DEFAULT_SCHEDULE: PublicationSchedule = {
  everyMinutes: 360,
  minChanges: 5,
  maxWaitMinutes: 14 * 1440,
  typicalWaitDays: 3,
};
export const publicationBody = (schedule: PublicationSchedule = DEFAULT_SCHEDULE) =>
  PublicationScheduleResponse.parse({ success: true, data: schedule });

let experienceCounter = 0;
/** A contract-valid public experience. */
export function makeExperience(overrides: Partial<Experience> = {}): Experience {
  experienceCounter += 1;
  // The dose as the server reads it from the text, unless the test gives one.
  const read = readDoseText(overrides.dosage ?? '250 mcg');
  return Experience.parse({
    _id: `40000000-0000-4000-8000-${String(experienceCounter).padStart(12, '0')}`,
    peptideId: DEFAULT_PEPTIDES[0]._id,
    peptideName: 'BPC-157',
    peptideCategory: 'Healing & Recovery',
    dosage: '250 mcg',
    dose: read ? doseOf(read) : null,
    frequency: 'daily',
    duration: 30,
    route: 'subcutaneous',
    primaryPurpose: ['Injury Healing'],
    // The server answers null for every public report (docs/product-rules.md, "Anonymity").
    demographics: null,
    outcomes: { Recovery: 8, Sleep: 6 },
    rating: 7,
    sideEffects: [],
    effects: ['Faster recovery'],
    timeline: '1-week',
    story:
      'A demonstration story about recovery that is long enough to pass the minimum length rule of one hundred characters.',
    stack: [],
    vendor: null,
    votes: { helpful: 0, notHelpful: 0, detailed: 0, concerning: 0, total: 0 },
    demo: false,
    createdAt: '2026-02-01T10:00:00.000Z',
    updatedAt: null,
    ...overrides,
  });
}

/** The submitter's own view of a report (tracking lookup). */
export function makeOwnExperience(overrides: Partial<OwnExperience> = {}): OwnExperience {
  // The author's own view has their answers, which no public view has.
  const {
    trackingId = 'TRK-12345678901234567890',
    sourcing = null,
    demographics = { ageRange: '30-34', biologicalSex: 'male', activityLevel: 'active' },
    ...rest
  } = overrides;
  return OwnExperience.parse({ ...makeExperience(rest), demographics, trackingId, sourcing });
}

export const ownExperienceBody = (experience: OwnExperience) =>
  OwnExperienceResponse.parse({ success: true, data: { experience } });

/** What POST /api/experiences answers for a valid body. */
export function submitBody(_input: SubmitExperienceInput, trackingId = 'TRK-00000000000000000001') {
  // The answer carries only what the author lacks: not the report's card (contract/experiences.ts).
  return SubmitExperienceResponse.parse({
    success: true,
    data: { status: 'published', holdReasons: [], trackingId, experience: { _id: makeExperience()._id } },
  });
}
