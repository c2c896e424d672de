// A sentence carried to the next page in the router's location state (never in the URL): the
// sign-in page says that a password was changed, that every device was signed out, or that an
// account was deleted.
export interface NoticeState {
  notice?: string;
}

export function noticeState(notice: string): NoticeState {
  return { notice };
}

/** The notice in a location's state, if any. */
export function noticeOf(state: unknown): string | null {
  const notice = typeof state === 'object' && state !== null ? (state as NoticeState).notice : undefined;
  return typeof notice === 'string' && notice.trim() ? notice : null;
}
