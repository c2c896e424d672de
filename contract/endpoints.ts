// Every path the API serves, with its method and access (docs/product-rules.md, "Who may do what").
export type Access = 'public' | 'member' | 'moderator';

export const ENDPOINTS = {
  // Liveness and readiness (server/routes/system.ts), for load balancers and orchestrators.
  health: { method: 'GET', path: '/api/health', access: 'public' },
  healthReady: { method: 'GET', path: '/api/health/ready', access: 'public' },
  limits: { method: 'GET', path: '/api/limits', access: 'public' },
  register: { method: 'POST', path: '/api/users/register', access: 'public' },
  login: { method: 'POST', path: '/api/users/login', access: 'public' },
  refresh: { method: 'POST', path: '/api/auth/refresh', access: 'public' },
  logout: { method: 'POST', path: '/api/auth/logout', access: 'public' },
  me: { method: 'GET', path: '/api/users/me', access: 'member' },
  updateMe: { method: 'PUT', path: '/api/users/me', access: 'member' },
  pendingUsers: { method: 'GET', path: '/api/users/pending', access: 'moderator' },
  approveUser: { method: 'POST', path: '/api/users/:id/approve', access: 'moderator' },
  rejectUser: { method: 'POST', path: '/api/users/:id/reject', access: 'moderator' },
  // A member's own account (contract/account.ts, server/routes/account.ts).
  changePassword: { method: 'POST', path: '/api/users/me/password', access: 'member' },
  signOutEverywhere: { method: 'POST', path: '/api/users/me/sessions/end', access: 'member' },
  exportMe: { method: 'GET', path: '/api/users/me/export', access: 'member' },
  deleteMe: { method: 'POST', path: '/api/users/me/delete', access: 'member' },
  forgotPassword: { method: 'POST', path: '/api/auth/forgot-password', access: 'public' },
  resetPassword: { method: 'POST', path: '/api/auth/reset-password', access: 'public' },
  // RFC 8058 one-click unsubscribe of the weekly digest: the token is in the query (mail clients POST to the address as given).
  unsubscribe: { method: 'POST', path: '/api/users/unsubscribe', access: 'public' },
  analytics: { method: 'GET', path: '/api/analytics', access: 'member' },
  publicAnalytics: { method: 'GET', path: '/api/analytics/public', access: 'public' },
  trends: { method: 'GET', path: '/api/analytics/trends', access: 'member' },
  compare: { method: 'GET', path: '/api/analytics/compare', access: 'member' },
  peptides: { method: 'GET', path: '/api/peptides', access: 'public' },
  publicPeptides: { method: 'GET', path: '/api/peptides/public', access: 'public' },
  peptide: { method: 'GET', path: '/api/peptides/:id', access: 'public' },
  disclosedCombinations: { method: 'GET', path: '/api/peptides/:id/disclosed', access: 'public' },
  createPeptide: { method: 'POST', path: '/api/peptides', access: 'member' },
  deletePeptide: { method: 'DELETE', path: '/api/peptides/:id', access: 'member' },
  submitExperience: { method: 'POST', path: '/api/experiences', access: 'public' },
  experiences: { method: 'GET', path: '/api/experiences', access: 'public' },
  homeExperiences: { method: 'GET', path: '/api/experiences/home/public', access: 'public' },
  experience: { method: 'GET', path: '/api/experiences/:id', access: 'public' },
  // The tracking ID travels in the body, never in a URL (server/routes/experiences.ts).
  trackedExperience: { method: 'POST', path: '/api/experiences/tracking/lookup', access: 'public' },
  updateTrackedExperience: { method: 'PUT', path: '/api/experiences/tracking', access: 'public' },
  deleteTrackedExperience: { method: 'POST', path: '/api/experiences/tracking/delete', access: 'public' },
  vote: { method: 'POST', path: '/api/experiences/:id/vote', access: 'member' },
  voteStatus: { method: 'GET', path: '/api/experiences/:id/vote', access: 'member' },
  withdrawVote: { method: 'DELETE', path: '/api/experiences/:id/vote', access: 'member' },
  flag: { method: 'POST', path: '/api/experiences/:id/flag', access: 'member' },
  moderationQueue: { method: 'GET', path: '/api/moderation/queue', access: 'moderator' },
  moderationPublish: { method: 'POST', path: '/api/moderation/experiences/:id/publish', access: 'moderator' },
  moderationHide: { method: 'POST', path: '/api/moderation/experiences/:id/hide', access: 'moderator' },
  moderationRestore: { method: 'POST', path: '/api/moderation/experiences/:id/restore', access: 'moderator' },
  moderationLog: { method: 'GET', path: '/api/moderation/log', access: 'moderator' },
  myVotes: { method: 'GET', path: '/api/votes', access: 'member' },
  effects: { method: 'GET', path: '/api/effects', access: 'public' },
  researchOverview: { method: 'GET', path: '/api/research/overview', access: 'moderator' },
  researchPeptides: { method: 'GET', path: '/api/research/peptides', access: 'moderator' },
  researchExport: { method: 'GET', path: '/api/research/export', access: 'moderator' },
} as const satisfies Record<string, { method: string; path: string; access: Access }>;

/** The API's own description: the OpenAPI 3.1 document and the reference page made from it. */
export const API_REFERENCE = { document: '/api/openapi.json', page: '/api/docs' } as const;
