// An in-memory stand-in for the read side of experiences and for votes: list with cursor paging
// (recording each query), home preview, one report, the member's votes and flags, and casting a
// vote with the server's 401 / 409 rules. Counts live here, as they live in the database.
import { HttpResponse } from 'msw';
import { on } from './endpoint';
import type { VoteType } from '@contract/common';
import type { FlagReason } from '@contract/moderation';
import { MyFlagsResponse } from '@contract/moderation-api';
import { VOTE_WITHDRAWN_MESSAGE } from '@contract/vocabulary';
import { MATCH_COUNT_CAP } from '@contract/rules';
import {
  ExperienceListResponse,
  ExperienceResponse,
  HomeExperiencesResponse,
  MyVotesResponse,
  VoteResponse,
  WithdrawVoteResponse,
  type Experience,
} from '@contract/experiences';
import { AnalyticsResponse } from '@contract/analytics';
import { bearerUser } from './handlers';
import {
  DEFAULT_PEPTIDES,
  TOO_FEW_DOSES,
  errorBody,
  makeDoseFigures,
  makeExperience,
  makeReporters,
  peptideDetailBody,
} from './fixtures';
import { makeAnalytics } from './explore-fixtures';
import { server } from './server';

const COUNT_KEY: Record<VoteType, 'helpful' | 'notHelpful' | 'detailed' | 'concerning'> = {
  helpful: 'helpful',
  'not-helpful': 'notHelpful',
  detailed: 'detailed',
  concerning: 'concerning',
};

export interface CommunityMock {
  experiences: Experience[];
  listQueries: URLSearchParams[];
  voteLookups: string[][];
  votes: Map<string, VoteType>;
  /** Experiences a DELETE .../vote was sent for. */
  withdrawals: string[];
  /** The members' own flags, by `${userId}:${experienceId}` (GET /api/flags answers them). */
  flags: Map<string, FlagReason>;
  flagLookups: string[][];
}

export function mockCommunityApi(options: { experiences?: Experience[]; failList?: string } = {}): CommunityMock {
  const mock: CommunityMock = {
    experiences:
      options.experiences ??
      Array.from({ length: 25 }, (_, i) =>
        makeExperience({
          peptideName: i % 2 ? 'TB-500' : 'BPC-157',
          createdAt: new Date(Date.UTC(2026, 9, 28 - i)).toISOString().slice(0, 10),
          votes: { helpful: i, notHelpful: 0, detailed: 0, concerning: 0, total: i },
          // Every third report lists side effects, each with its severity (never in its rating).
          sideEffects:
            i % 3 === 0
              ? [
                  { name: 'Headache', severity: 'mild' },
                  { name: 'Nausea', severity: 'severe' },
                ]
              : [],
        }),
      ),
    listQueries: [],
    voteLookups: [],
    votes: new Map(),
    withdrawals: [],
    flags: new Map(),
    flagLookups: [],
  };
  const voteKey = (user: string, id: string) => `${user}:${id}`;

  server.use(
    on('experiences', ({ request }) => {
      const params = new URL(request.url).searchParams;
      mock.listQueries.push(params);
      if (options.failList) return HttpResponse.json(errorBody(options.failList), { status: 500 });
      const limit = Number(params.get('limit') ?? 20);
      const start = Number(params.get('cursor') ?? 0);
      const search = (params.get('search') ?? '').toLowerCase();
      const peptideId = params.get('peptideId');
      const matching = mock.experiences.filter(
        (e) =>
          (!search || e.story.toLowerCase().includes(search) || e.peptideName.toLowerCase().includes(search)) &&
          (!peptideId || e.peptideId === peptideId),
      );
      const page = matching.slice(start, start + limit);
      const nextCursor = start + limit < matching.length ? String(start + limit) : null;
      // Like the server: the number of matching reports comes with the first page only, and a
      // search is counted up to MATCH_COUNT_CAP.
      const capped = search !== '' && matching.length > MATCH_COUNT_CAP;
      const total = params.get('cursor') ? null : { count: capped ? MATCH_COUNT_CAP : matching.length, capped };
      return HttpResponse.json(
        ExperienceListResponse.parse({ success: true, data: { experiences: page, nextCursor, total } }),
      );
    }),
    on('homeExperiences', () =>
      HttpResponse.json(
        HomeExperiencesResponse.parse({ success: true, data: { experiences: mock.experiences.slice(0, 3) } }),
      ),
    ),
    on('experience', ({ params }) => {
      const experience = mock.experiences.find((e) => e._id === params.id);
      if (!experience) return HttpResponse.json(errorBody('Experience not found'), { status: 404 });
      return HttpResponse.json(ExperienceResponse.parse({ success: true, data: { experience } }));
    }),
    on('myVotes', ({ request }) => {
      const user = bearerUser(request);
      if (!user) return HttpResponse.json(errorBody('Authentication required'), { status: 401 });
      const ids = (new URL(request.url).searchParams.get('experienceIds') ?? '').split(',');
      mock.voteLookups.push(ids);
      const votes: Record<string, { voteType: VoteType; voteId: string }> = {};
      for (const id of ids) {
        const type = mock.votes.get(voteKey(user._id, id));
        if (type) votes[id] = { voteType: type, voteId: '50000000-0000-4000-8000-000000000001' };
      }
      return HttpResponse.json(MyVotesResponse.parse({ success: true, data: { votes } }));
    }),
    on('myFlags', ({ request }) => {
      const user = bearerUser(request);
      if (!user) return HttpResponse.json(errorBody('Authentication required'), { status: 401 });
      const ids = (new URL(request.url).searchParams.get('experienceIds') ?? '').split(',');
      mock.flagLookups.push(ids);
      const flags: Record<string, { reason: FlagReason }> = {};
      for (const id of ids) {
        const reason = mock.flags.get(voteKey(user._id, id));
        if (reason) flags[id] = { reason };
      }
      return HttpResponse.json(MyFlagsResponse.parse({ success: true, data: { flags } }));
    }),
    on('vote', async ({ request, params }) => {
      const user = bearerUser(request);
      if (!user) return HttpResponse.json(errorBody('Authentication required'), { status: 401 });
      const experience = mock.experiences.find((e) => e._id === params.id);
      if (!experience) return HttpResponse.json(errorBody('Experience not found'), { status: 404 });
      const { voteType } = (await request.json()) as { voteType: VoteType };
      const key = voteKey(user._id, experience._id);
      const previous = mock.votes.get(key);
      if (previous === voteType)
        return HttpResponse.json(errorBody(`You have already voted ${voteType} on this experience`), { status: 409 });
      if (previous) experience.votes[COUNT_KEY[previous]] -= 1;
      else experience.votes.total += 1;
      experience.votes[COUNT_KEY[voteType]] += 1;
      mock.votes.set(key, voteType);
      return HttpResponse.json(
        VoteResponse.parse({
          success: true,
          data: {
            vote: {
              _id: '50000000-0000-4000-8000-000000000001',
              experienceId: experience._id,
              voteType,
              createdAt: '2026-11-01T00:00:00.000Z',
            },
            votes: experience.votes,
          },
        }),
      );
    }),
    on('withdrawVote', ({ request, params }) => {
      const user = bearerUser(request);
      if (!user) return HttpResponse.json(errorBody('Authentication required'), { status: 401 });
      const experience = mock.experiences.find((e) => e._id === params.id);
      if (!experience) return HttpResponse.json(errorBody('Experience not found'), { status: 404 });
      const key = voteKey(user._id, experience._id);
      const previous = mock.votes.get(key);
      mock.withdrawals.push(experience._id);
      if (previous) {
        experience.votes[COUNT_KEY[previous]] -= 1;
        experience.votes.total -= 1;
        mock.votes.delete(key);
      }
      return HttpResponse.json(
        WithdrawVoteResponse.parse({
          success: true,
          data: { withdrawn: Boolean(previous), votes: experience.votes },
          message: VOTE_WITHDRAWN_MESSAGE,
        }),
      );
    }),
    on('publicAnalytics', () => HttpResponse.json(AnalyticsResponse.parse({ success: true, data: makeAnalytics() }))),
    on('peptide', ({ params }) => {
      const peptide = DEFAULT_PEPTIDES.find((p) => p._id === params.id);
      if (!peptide) return HttpResponse.json(errorBody('Peptide not found'), { status: 404 });
      // Semax has too few reports for any dose figure; the others have what people take.
      const doses = peptide.name === 'Semax' ? TOO_FEW_DOSES : makeDoseFigures();
      return HttpResponse.json(peptideDetailBody(peptide, makeReporters(), [], doses));
    }),
  );
  return mock;
}
