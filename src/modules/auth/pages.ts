import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { escapeHtml } from '../../core/mail.js';

/**
 * The small pages the single-use links open (docs/access.md#invitations): stop-gaps until the web
 * console serves these paths. Plain HTML and one static inline script, allowed by its hash: it
 * reads the secret from the fragment (`#token=…`, which the browser never sends, so it reaches no
 * server log), removes it from the address bar, and posts the form as JSON to the API.
 */

interface Field {
  name: string;
  label: string;
  type: 'email' | 'password' | 'text';
  autocomplete: string;
  required: boolean;
  hint?: string;
}

interface Page {
  path: string;
  title: string;
  intro: string;
  /** The operation the form posts to. */
  endpoint: string;
  /** The page needs the link's `#token=`. */
  needsToken: boolean;
  fields: Field[];
  button: string;
  done: string;
  /** Where to go once it worked. */
  next: { href: string; label: string };
}

const PASSWORD_HINT = 'At least 10 characters.';
const newPassword: Field[] = [
  { name: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', required: true, hint: PASSWORD_HINT },
  { name: 'confirm', label: 'New password again', type: 'password', autocomplete: 'new-password', required: true },
];

export const PAGES: Page[] = [
  {
    path: '/accept-invitation',
    title: 'Accept your invitation',
    intro: 'Choose the password you will sign in with, together with your e-mail address.',
    endpoint: '/v2/auth/invitations/accept',
    needsToken: true,
    fields: [{ name: 'name', label: 'Your name (optional)', type: 'text', autocomplete: 'name', required: false }, ...newPassword],
    button: 'Accept and sign in',
    done: 'Welcome to Transdesk: your password is set and you are signed in.',
    next: { href: '/docs', label: 'Open the API reference' },
  },
  {
    path: '/reset-password',
    title: 'Choose a new password',
    intro: 'Your new password replaces the old one, and you are signed out everywhere.',
    endpoint: '/v2/auth/password-reset/confirm',
    needsToken: true,
    fields: newPassword,
    button: 'Save the new password',
    done: 'Your new password is saved. Sign in with it.',
    next: { href: '/sign-in', label: 'Sign in' },
  },
  {
    path: '/set-password',
    title: "Choose the owner's password",
    intro: 'The first owner of this Transdesk chooses the e-mail address and password to sign in with.',
    endpoint: '/v2/auth/owner-setup',
    needsToken: true,
    fields: [{ name: 'email', label: 'E-mail address', type: 'email', autocomplete: 'email', required: true }, ...newPassword],
    button: 'Save and continue',
    done: 'The password is set. Sign in with this e-mail address and password.',
    next: { href: '/sign-in', label: 'Sign in' },
  },
  {
    path: '/sign-in',
    title: 'Sign in to Transdesk',
    intro: 'Sign in with your e-mail address and password.',
    endpoint: '/v2/auth/login',
    needsToken: false,
    fields: [
      { name: 'email', label: 'E-mail address', type: 'email', autocomplete: 'username', required: true },
      { name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', required: true },
    ],
    button: 'Sign in',
    done: 'You are signed in.',
    next: { href: '/docs', label: 'Open the API reference' },
  },
];

// The one script of every page (its behaviour is configured by the form's data attributes).
const SCRIPT = `(function () {
  var form = document.getElementById('form');
  var status = document.getElementById('status');
  var done = document.getElementById('done');
  var data = {};
  if (form.getAttribute('data-token') === 'yes') {
    var match = /(?:^#|&)token=([^&]*)/.exec(location.hash);
    if (location.hash) history.replaceState(null, '', location.pathname);
    if (!match || match[1] === '') {
      status.textContent = 'This page needs the whole link you were sent: it ends with #token= and a long code.';
      form.hidden = true;
      return;
    }
    data.token = match[1];
  }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var confirm = form.elements.namedItem('confirm');
    if (confirm && confirm.value !== form.elements.namedItem('password').value) {
      status.textContent = 'The two passwords differ: type the same password twice.';
      return;
    }
    var inputs = form.querySelectorAll('input[name]');
    for (var i = 0; i < inputs.length; i++) {
      var input = inputs[i];
      if (input.name !== 'confirm' && (input.required || input.value !== '')) data[input.name] = input.value;
    }
    var button = form.querySelector('button');
    button.disabled = true;
    status.textContent = 'Sending…';
    fetch(form.getAttribute('data-endpoint'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(data),
      credentials: 'same-origin'
    }).then(function (response) {
      if (response.ok) {
        form.hidden = true;
        status.textContent = '';
        done.hidden = false;
        done.focus();
        return;
      }
      return response.json().then(function (body) {
        status.textContent = (body && body.message) || 'The request failed (' + response.status + ').';
        button.disabled = false;
      });
    }).catch(function () {
      status.textContent = 'Transdesk could not be reached: try again.';
      button.disabled = false;
    });
  });
})();`;

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
label{display:block;margin-top:1rem;font-weight:600}
input{display:block;width:100%;box-sizing:border-box;padding:.5rem;font:inherit}
.hint{margin:.25rem 0 0;font-size:.875rem;color:#555}
button{margin-top:1.5rem;padding:.5rem 1rem;font:inherit}
#status{margin-top:1rem;color:#a00000}`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * Nothing but the page's own script and style sheet (by hash), and requests to this origin; no
 * native form submission (the script posts), no framing, no base URL, no plugins or images.
 */
export const PAGE_CSP = [
  "default-src 'none'",
  `script-src ${sha256(SCRIPT)}`,
  `style-src ${sha256(STYLE)}`,
  "connect-src 'self'",
  "form-action 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

function fieldHtml(field: Field): string {
  const id = `field-${field.name}`;
  const hint = field.hint === undefined ? '' : `\n<p class="hint" id="${id}-hint">${escapeHtml(field.hint)}</p>`;
  const described = field.hint === undefined ? '' : ` aria-describedby="${id}-hint"`;
  const required = field.required ? ' required' : '';
  const length = field.type === 'password' ? ' minlength="10" maxlength="256"' : ' maxlength="255"';
  return `<label for="${id}">${escapeHtml(field.label)}</label>
<input id="${id}" name="${field.name}" type="${field.type}" autocomplete="${field.autocomplete}"${length}${required}${described}>${hint}`;
}

export function pageHtml(page: Page): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(page.title)} · Transdesk</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.intro)}</p>
<noscript><p>This page needs JavaScript to send the form.</p></noscript>
<form id="form" data-endpoint="${page.endpoint}" data-token="${page.needsToken ? 'yes' : 'no'}">
${page.fields.map(fieldHtml).join('\n')}
<button type="submit">${escapeHtml(page.button)}</button>
</form>
<p id="status" role="status" aria-live="polite"></p>
<div id="done" tabindex="-1" hidden><p>${escapeHtml(page.done)}</p><p><a href="${page.next.href}">${escapeHtml(page.next.label)}</a></p></div>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

/** GET /accept-invitation, /reset-password, /set-password, /sign-in: public, outside the API's documentation. */
export const linkPages: FastifyPluginAsync = async (app) => {
  for (const page of PAGES) {
    const html = pageHtml(page);
    app.get(page.path, { config: { public: true }, schema: { hide: true } }, async (_request, reply) =>
      reply.header('Content-Security-Policy', PAGE_CSP).type('text/html; charset=utf-8').send(html),
    );
  }
};
