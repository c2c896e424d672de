// Absolute links for mail, from PUBLIC_URL and the web app's own paths (contract/web-paths.ts, the one
// place they are written). Secrets (a reset token, an unsubscribe token) go in the fragment, which
// browsers never send to a server, so no proxy or host log keeps them; the page reads it and posts
// it in a body.
import { paths } from '../../contract/web-paths';
import { ENDPOINTS } from '../../contract/endpoints';
import type { MailConfig } from '../config';

export function mailLinks(config: MailConfig) {
  const at = (path: string) => `${config.publicUrl}${path}`;
  return {
    site: at(paths.home),
    signIn: at(paths.login),
    community: at(paths.community),
    settings: at(`${paths.profile}?tab=preferences`),
    experience: (id: string) => at(paths.experience(id)),
    reset: (token: string) => at(`${paths.resetPassword}#token=${encodeURIComponent(token)}`),
    confirmEmail: (token: string) => at(`${paths.confirmEmail}#token=${encodeURIComponent(token)}`),
    unsubscribePage: (token: string) => at(`${paths.unsubscribe}#token=${encodeURIComponent(token)}`),
    /** RFC 8058 one-click: the mail client POSTs here; the token must be in this address. */
    unsubscribeOneClick: (token: string) => at(`${ENDPOINTS.unsubscribe.path}?token=${encodeURIComponent(token)}`),
  };
}
