// A real SMTP server for the server tests (smtp-server, from the makers of nodemailer): the app
// sends through it over TCP as it would through any other, and each message is parsed with
// mailparser as a mail client would read it.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Received {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Header names lower-cased, values as sent (unfolded). */
  headers: Map<string, string>;
  raw: string;
}

export interface TestSmtp {
  url: string;
  received: Received[];
  /** Resolves with the first message (already received or still to come) that `match` accepts. */
  next(match: (m: Received) => boolean, what?: string): Promise<Received>;
  /** Refuse the next `n` messages with a temporary failure (451), as a busy server would. */
  refuse(n: number): void;
  stop(): Promise<void>;
}

function flatten(parsed: ParsedMail): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of parsed.headerLines)
    headers.set(
      line.key.toLowerCase(),
      line.line
        .slice(line.line.indexOf(':') + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim(),
    );
  return headers;
}

export async function startSmtp(): Promise<TestSmtp> {
  const received: Received[] = [];
  const waiting: { match: (m: Received) => boolean; resolve: (m: Received) => void }[] = [];
  let refusing = 0;
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on localhost: no certificate to trust in tests.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refusing > 0) {
          refusing -= 1;
          const err = Object.assign(new Error('Try again later'), { responseCode: 451 });
          return callback(err);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            const message: Received = {
              to: parsed.to && !Array.isArray(parsed.to) ? parsed.to.value.map((a) => a.address).join(',') : '',
              from: parsed.from?.text ?? '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              headers: flatten(parsed),
              raw,
            };
            received.push(message);
            for (const w of [...waiting]) {
              if (w.match(message)) {
                waiting.splice(waiting.indexOf(w), 1);
                w.resolve(message);
              }
            }
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    next(match) {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiting.push({ match, resolve }));
    },
    refuse(n) {
      refusing = n;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a text that starts with `prefix`. */
export function linkIn(text: string, prefix: string): string {
  const at = text.indexOf(prefix);
  if (at < 0) throw new Error(`no link starting ${prefix} in:\n${text}`);
  return text.slice(at).split(/[\s"<>]/)[0]!;
}
