// The mails the server sends, in our own words: each one plain text and HTML with the same
// content (docs/product-rules.md, "Mail"). Pure functions: links come in built (server/mail/links.ts),
// and every text that did not come from this file is escaped before it enters the HTML.

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const PRODUCT = 'Peptide Community';

/** Text as HTML: the five characters that could start markup or leave an attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

interface Block {
  /** Paragraphs of plain text. */
  paragraphs: string[];
  /** A button and, in the text version, the link on its own line. */
  action?: { label: string; href: string };
  /** Lines under the action, smaller. */
  footer: string[];
}

/**
 * One layout for every mail: a heading, paragraphs, one button, a footer. Inline styles only
 * (mail clients drop style sheets), the colours of docs/design.md's light theme.
 */
function compose(
  subject: string,
  heading: string,
  body: Block,
  list?: { title: string; items: { label: string; detail: string; href: string }[] },
): MailContent {
  const textParts = [heading, '', ...body.paragraphs.flatMap((p) => [p, ''])];
  if (list) {
    textParts.push(list.title, '');
    for (const item of list.items) textParts.push(`- ${item.label} (${item.detail})`, `  ${item.href}`, '');
  }
  if (body.action) textParts.push(`${body.action.label}: ${body.action.href}`, '');
  textParts.push('--', ...body.footer);

  const p = (text: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(text)}</p>`;
  const listHtml = list
    ? `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(list.title)}</h2><ul style="padding-left:20px;margin:0 0 16px">${list.items
        .map(
          (item) =>
            `<li style="margin:0 0 8px"><a href="${escapeHtml(item.href)}" style="color:#0f766e">${escapeHtml(item.label)}</a><br><span style="color:#475569;font-size:13px">${escapeHtml(item.detail)}</span></li>`,
        )
        .join('')}</ul>`
    : '';
  const button = body.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(body.action.href)}" style="background:#0f766e;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(body.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#475569;word-break:break-all">${escapeHtml(body.action.href)}</p>`
    : '';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;color:#0f172a;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:15px">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-weight:700;color:#0f766e">${PRODUCT}</p>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
${body.paragraphs.map(p).join('\n')}
${listHtml}
${button}
<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0 12px">
${body.footer.map((line) => `<p style="margin:0 0 6px;font-size:12px;color:#64748b">${escapeHtml(line)}</p>`).join('\n')}
</div></body></html>`;
  return { subject, text: textParts.join('\n'), html };
}

const AUTOMATIC = `This message was sent by ${PRODUCT} because of your account. Replies are not read.`;

export function approvedMail(links: { signIn: string }): MailContent {
  return compose(`Your ${PRODUCT} account is approved`, 'Your account is approved', {
    paragraphs: [
      'A moderator has approved your registration. You can now sign in to vote on reports, flag reports for the moderators, add peptides and use the members’ charts.',
      'Reports you share stay anonymous: they are never linked to your account, whether or not you are signed in.',
    ],
    action: { label: 'Sign in', href: links.signIn },
    footer: [AUTOMATIC],
  });
}

export function rejectedMail(links: { site: string }): MailContent {
  return compose(`Your ${PRODUCT} registration was not approved`, 'Your registration was not approved', {
    paragraphs: [
      'A moderator has reviewed your registration and did not approve it, so this email address cannot sign in.',
      'You do not need an account to read reports or to share your own experience anonymously: both stay open to you.',
    ],
    action: { label: `Visit ${PRODUCT}`, href: links.site },
    footer: [AUTOMATIC],
  });
}

/**
 * The sign-up's link (services/registration.ts). It goes to the address typed, which may not be
 * the typist's: so it says what confirming does, and that ignoring it is enough.
 */
export function confirmEmailMail(
  links: { confirm: string },
  validHours: number,
  deletedAfterDays: number,
): MailContent {
  return compose(`Confirm your email address for ${PRODUCT}`, 'Confirm your email address', {
    paragraphs: [
      `Someone, probably you, signed up to ${PRODUCT} with this email address.`,
      `Confirm it with the link below: it works once, for ${validHours} hours. A moderator then reviews the account, and we email you when they have decided.`,
      `If you did not sign up, ignore this message: nothing happens, and the account is deleted after ${deletedAfterDays} days. If you signed up more than once, only the newest of these messages works.`,
    ],
    action: { label: 'Confirm my email address', href: links.confirm },
    footer: [AUTOMATIC],
  });
}

/**
 * To the owner of an address that someone tried to register again: nothing changed. It goes
 * only to that address, so it tells whoever registered nothing.
 */
export function signupExistingMail(links: { signIn: string }): MailContent {
  return compose(
    `Someone tried to sign up to ${PRODUCT} with your email address`,
    'This address already has an account',
    {
      paragraphs: [
        `Someone, probably you, tried to sign up to ${PRODUCT} with this email address. It already has an account, so nothing was created and nothing about your account changed.`,
        'If you have forgotten its password, choose “Forgot password?” on the sign-in page to set a new one.',
        'If it was not you, you need do nothing: nobody can sign up with an address they cannot read mail at.',
      ],
      action: { label: 'Sign in', href: links.signIn },
      footer: [AUTOMATIC],
    },
  );
}

export function passwordResetMail(links: { reset: string }, validMinutes: number): MailContent {
  const valid =
    validMinutes % 60 === 0 ? `${validMinutes / 60} hour${validMinutes === 60 ? '' : 's'}` : `${validMinutes} minutes`;
  return compose(`Reset your ${PRODUCT} password`, 'Reset your password', {
    paragraphs: [
      'Someone, probably you, asked to reset the password of the account with this email address.',
      `The link below lets you choose a new password. It works once, for ${valid}. Choosing a new password signs the account out on every device.`,
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', href: links.reset },
    footer: [AUTOMATIC],
  });
}

export interface DigestItem {
  /** The peptide's name; null for a member's page no moderator has reviewed (its name is theirs, unchecked). */
  peptide: string | null;
  helpful: number;
  rating: number | null;
  day: string;
  href: string;
}

/**
 * The link text of a report on a member's page not reviewed yet: a name nobody has checked goes
 * to nobody's inbox (a vendor's name, a slur), so the digest never quotes it.
 */
export const UNREVIEWED_PEPTIDE = 'A peptide a member added (not reviewed yet)';

export function digestMail(
  items: DigestItem[],
  links: { community: string; unsubscribe: string; settings: string },
  week: string,
): MailContent {
  return compose(
    `${PRODUCT}: the week’s most helpful reports`,
    'The week’s most helpful reports',
    {
      paragraphs: [`The reports of the last seven days (to ${week}) that members found most helpful.`],
      action: { label: 'Read more reports', href: links.community },
      footer: [
        'You get this weekly digest because you turned it on in your profile.',
        `Stop it with one click: ${links.unsubscribe}`,
        `Or turn it off in your profile: ${links.settings}`,
      ],
    },
    {
      title: 'Most helpful this week',
      items: items.map((i) => ({
        label: i.peptide ?? UNREVIEWED_PEPTIDE,
        detail: `${i.helpful} helpful vote${i.helpful === 1 ? '' : 's'}${i.rating === null ? '' : `, overall ${i.rating}/10`}, shared ${i.day}`,
        href: i.href,
      })),
    },
  );
}
