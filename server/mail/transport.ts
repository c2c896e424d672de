// Where mail goes: through SMTP (SMTP_URL) with nodemailer, or, without SMTP_URL, into
// DATA_DIR/outbox as .eml files that nodemailer composed exactly as it would have sent them (the
// start line says mail is not delivered). Only the queue's delivery (services/mail-queue.ts) calls
// `send`; requests never wait for it.
import fs from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import type { MailConfig } from '../config';

export interface OutgoingMail {
  /** The queue row's id: the Message-ID, so a retried message is recognisably the same one. */
  id: string;
  /** The account the mail is for (every mail has one today): the outbox names its files by it. */
  accountId: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

export interface Mailer {
  /** False when messages only go to the outbox folder. */
  readonly delivers: boolean;
  /** Where mail goes, for the start line: never a credential. */
  readonly description: string;
  send(mail: OutgoingMail): Promise<void>;
  /**
   * Removes what the outbox still holds for a deleted account (its messages carry its address and
   * links). Mail sent through SMTP has left: nothing to remove.
   */
  forget(accountId: string): Promise<void>;
  close(): void;
}

/** A generous bound on one SMTP conversation: a hung server must not hold the queue. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

export function createMailer(config: MailConfig): Mailer {
  const host = new URL(config.publicUrl).hostname;
  const message = (m: OutgoingMail) => ({
    from: config.from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    headers: m.headers,
    messageId: `<${m.id}@${host}>`,
  });
  if (config.smtpUrl) {
    const transport = createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS });
    const server = new URL(config.smtpUrl);
    return {
      delivers: true,
      description: `mail is sent through SMTP at ${server.hostname}${server.port ? `:${server.port}` : ''} from ${config.from}`,
      send: async (m) => {
        await transport.sendMail(message(m));
      },
      forget: async () => {},
      close: () => transport.close(),
    };
  }
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    delivers: false,
    description: `mail is not delivered (SMTP_URL is unset): messages are written to ${config.outboxDir}`,
    send: async (m) => {
      const info = await composer.sendMail(message(m));
      // Reset links inside: readable by the server's user only.
      await fs.mkdir(config.outboxDir, { recursive: true, mode: 0o700 });
      // The account's id in the name ties the file to it, for `forget`: the message holds more
      // about the account than that already (its address, its unsubscribe link).
      const file = path.join(
        config.outboxDir,
        `${new Date().toISOString().replace(/[-:]|\.\d+/g, '')}-${m.id}${m.accountId ? `-for-${m.accountId}` : ''}.eml`,
      );
      // Written aside, then renamed: a reader of the folder never sees half a message.
      await fs.writeFile(`${file}.part`, info.message as Buffer, { mode: 0o600 });
      await fs.rename(`${file}.part`, file);
    },
    forget: async (accountId) => {
      const names = await fs.readdir(config.outboxDir).catch(() => [] as string[]);
      const mark = `-for-${accountId}.eml`;
      // Never a failure of the deletion it follows: the account is gone whatever the folder says.
      await Promise.allSettled(
        names
          .filter((n) => n.endsWith(mark) || n.endsWith(`${mark}.part`))
          .map((n) => fs.rm(path.join(config.outboxDir, n), { force: true })),
      );
    },
    close: () => composer.close(),
  };
}
