import { escapeHtml, type MailMessage } from '../../core/mail.js';

/** The pages that redeem single-use links (pages.ts); the secret travels in the fragment, never to a server log. */
export type LinkPage = 'accept-invitation' | 'reset-password' | 'set-password';

export const linkUrl = (publicUrl: string, page: LinkPage, token: string): string => `${publicUrl}/${page}#token=${token}`;

/** "26 November 2026, 11:20 UTC": how a link's expiry reads in an e-mail. */
function readableUtc(iso: string): string {
  const date = new Date(iso);
  const day = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return `${day}, ${time} UTC`;
}

function message(to: string, subject: string, paragraphs: string[], link: { url: string; label: string }, after: string[]): MailMessage {
  const text = [...paragraphs, link.url, ...after].join('\n\n') + '\n';
  const html = [
    '<!doctype html><html lang="en"><body>',
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    `<p>${escapeHtml('If the button does not work, copy this address into your browser:')}<br>${escapeHtml(link.url)}</p>`,
    ...after.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html };
}

/** The e-mail of an invitation (docs/access.md#e-mail). */
export function invitationMail(input: { to: string; url: string; expiresAt: string; inviterName: string | undefined; accountName: string }): MailMessage {
  const who = input.inviterName === undefined ? 'You have' : `${input.inviterName} has`;
  return message(
    input.to,
    `You are invited to ${input.accountName} on Transdesk`,
    [`${who} invited you to join ${input.accountName} on Transdesk.`, 'To accept, choose your password at this address:'],
    { url: input.url, label: 'Accept the invitation' },
    [`The link works once, until ${readableUtc(input.expiresAt)}.`, 'If you did not expect this invitation, you can ignore this e-mail.'],
  );
}

/** The e-mail of a password reset (docs/access.md#e-mail). */
export function passwordResetMail(input: { to: string; url: string; expiresAt: string }): MailMessage {
  return message(
    input.to,
    'Reset your Transdesk password',
    ['Someone, hopefully you, asked to reset the password of your Transdesk account.', 'To choose a new password, open this address:'],
    { url: input.url, label: 'Choose a new password' },
    [
      `The link works once, until ${readableUtc(input.expiresAt)}. Choosing a new password signs you out everywhere.`,
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ],
  );
}
