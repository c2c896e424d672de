// Sign-out's server half: POST /api/auth/logout with the refresh token, sent so that it survives
// the page going away (docs/product-rules.md, "Session"). The AuthProvider starts it before it
// clears storage and navigates; `fetch` with `keepalive` lets the browser finish the request even
// when the tab closes or navigates at once, which an axios call (cancelled with its page) would
// not. It is plain `fetch`, not the axios instance: that instance is loaded on demand, and the
// request must leave in the same task as the click. A network failure is retried once; the server
// answers a token it no longer knows with 200, so a retry never harms.
import { ENDPOINTS } from '@contract/endpoints';

const LOGOUT_URL = `${import.meta.env.VITE_API_URL ?? ''}${ENDPOINTS.logout.path}`;

function send(refreshToken: string): Promise<Response> {
  return fetch(LOGOUT_URL, {
    method: 'POST',
    keepalive: true,
    credentials: 'omit',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ refreshToken }),
  });
}

/**
 * Revokes the sign-in on the server. Resolves true when the server answered 2xx, false otherwise
 * (a refusal, or the network down twice): the session is ended here anyway and expires there.
 */
export async function revokeSession(refreshToken: string): Promise<boolean> {
  let response: Response;
  try {
    response = await send(refreshToken);
  } catch {
    // A TypeError is a network failure (no answer at all): try once more.
    try {
      response = await send(refreshToken);
    } catch {
      return false;
    }
  }
  return response.ok;
}
