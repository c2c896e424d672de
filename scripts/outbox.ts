// The mail a server without SMTP_URL wrote to DATA_DIR/outbox (server/mail/transport.ts), read as
// a mail client would: scripts and long tests that sign up accounts through the API confirm their
// addresses with the mailed link, as owners do (there is no other way in: services/registration.ts).
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { paths } from '../contract/web-paths';

/** The token of a sign-up confirmation mail to `email` in `dataDir`'s outbox; waits for it to be written. */
export async function outboxConfirmationToken(dataDir: string, email: string, timeoutMs = 30_000): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const marker = `${paths.confirmEmail}#token=`;
  const seen = new Set<string>();
  for (const deadline = Date.now() + timeoutMs; ; ) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml') && !seen.has(f)) : [];
    for (const file of files) {
      // A message is written aside and renamed into place: what is listed is whole, and never changes.
      seen.add(file);
      const mail = await simpleParser(fs.readFileSync(path.join(outbox, file)));
      const to = mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address?.toLowerCase()) : [];
      const text = mail.text ?? '';
      if (to.includes(email.toLowerCase()) && text.includes(marker))
        return decodeURIComponent(text.slice(text.indexOf(marker) + marker.length).split(/\s/)[0]!);
    }
    if (Date.now() > deadline)
      throw new Error(`no confirmation mail to ${email} in ${outbox} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
