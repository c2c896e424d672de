import { Peptide } from '@contract/peptides';
// Test data built through the contract schemas, so a mock can never answer what the real
// server could not (a shape drift fails here, loudly, instead of passing silently).
import { ApiErrorBody } from '@contract/common';
import { HealthResponse } from '@contract/analytics';
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

export const errorBody = (error: string) => ApiErrorBody.parse({ success: false, error });

export const healthBody = () => HealthResponse.parse({ success: true, data: { status: 'ok', db: 'ok' } });

export const loginBody = (user: User, accessToken: string, refreshToken: string) =>
  LoginResponse.parse({ success: true, data: { accessToken, refreshToken, user } });

export const refreshBody = (accessToken: string, refreshToken: string) =>
  RefreshResponse.parse({ success: true, data: { accessToken, refreshToken } });

export const registerBody = (user: User, message?: string) => RegisterResponse.parse({ success: true, data: { user }, message });

export const meBody = (user: User) => MeResponse.parse({ success: true, data: { user } });

export const logoutBody = () => LogoutResponse.parse({ success: true, data: {} });

let peptideCounter = 0;
/** A contract-valid peptide; each call gets a fresh id and name unless overridden. */
export function makePeptide(overrides: Partial<Peptide> = {}): Peptide {
  peptideCounter += 1;
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
    averageRating: 7.5,
    totalExperiences: 4,
    popularity: 42,
    createdAt: '2026-01-15T10:00:00.000Z',
    canDelete: false,
    ...overrides,
  });
}
