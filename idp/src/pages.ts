// Server-rendered pages: sign-in, sign-up, simple message pages and the dev mailbox.
import { html, layout, raw, type SafeHtml } from './html';
import type { MailMessage } from './mailbox';
import { PASSWORD_RULE } from './password-policy';
import { MIN_PASSWORD_LENGTH } from './users';

/** The user-facing messages of the sign-in and sign-up forms (tests and e2e rely on the wording). */
export const MESSAGES = {
  wrongCredentials: 'Wrong email or password.',
  emailTaken: 'An account with this email already exists.',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
  invalidEmail: 'Enter a valid email address.',
} as const;

export interface FormState {
  /** Where the form posts to. */
  action: string;
  /** Link to the other form (sign-up from sign-in and back). */
  switchHref: string;
  email?: string;
  error?: string;
  /** Which field the error is about, so it gets aria-invalid and focus. */
  errorField?: 'email' | 'password';
}

function errorAlert(error: string | undefined): SafeHtml {
  // role="alert" makes screen readers announce the message after the page reloads.
  return error ? html`<div class="alert" role="alert" id="form-error">${error}</div>` : html``;
}

/** Attributes for an input: error linkage and autofocus on the field that needs attention. */
function fieldState(field: 'email' | 'password', state: FormState, describedBy: string[] = []): SafeHtml {
  const invalid = state.error !== undefined && (state.errorField === field || state.errorField === undefined);
  const ids = [...describedBy, ...(invalid ? ['form-error'] : [])];
  const focusField = state.errorField ?? (state.email ? 'password' : 'email');
  return html`${invalid ? html` aria-invalid="true"` : ''}${ids.length ? html` aria-describedby="${ids.join(' ')}"` : ''}${focusField === field ? html` autofocus` : ''}`;
}

/** The two fields both forms ask for; `autocomplete` tells password managers which form this is. */
function credentialFields(
  state: FormState,
  autocomplete: { email: 'username' | 'email'; password: 'current-password' | 'new-password' },
  passwordHint?: string,
): SafeHtml {
  return html`<div class="field">
      <label for="email">Email</label>
      <input
        id="email"
        name="email"
        type="email"
        inputmode="email"
        autocomplete="${autocomplete.email}"
        autocapitalize="none"
        spellcheck="false"
        value="${state.email ?? ''}"
        ${fieldState('email', state)}
      />
    </div>
    <div class="field">
      <label for="password">Password</label>
      <input
        id="password"
        name="password"
        type="password"
        autocomplete="${autocomplete.password}"
        ${fieldState('password', state, passwordHint ? ['password-hint'] : [])}
      />
      ${passwordHint ? html`<p class="hint" id="password-hint">${passwordHint}</p>` : ''}
    </div>`;
}

export function signInPage(state: FormState): string {
  return layout({
    title: 'Sign in',
    body: html`<h1>Sign in to Paddock</h1>
      <p class="lede">Welcome back. Enter your details to continue.</p>
      ${errorAlert(state.error)}
      <form method="post" action="${state.action}" novalidate>
        ${credentialFields(state, { email: 'username', password: 'current-password' })}
        <button class="button" type="submit">Sign in</button>
      </form>
      <p class="alt">New to Paddock? <a href="${state.switchHref}">Sign up</a></p>`,
  });
}

export function signUpPage(state: FormState): string {
  return layout({
    title: 'Sign up',
    body: html`<h1>Create your Paddock account</h1>
      <p class="lede">It takes less than a minute.</p>
      ${errorAlert(state.error)}
      <form method="post" action="${state.action}" novalidate>
        ${credentialFields(state, { email: 'email', password: 'new-password' }, PASSWORD_RULE)}
        <button class="button" type="submit">Sign up</button>
      </form>
      <p class="alt">Already have an account? <a href="${state.switchHref}">Sign in</a></p>`,
  });
}

export interface MessagePageOptions {
  title: string;
  heading: string;
  message: string;
  tone?: 'ok' | 'error' | 'plain';
  link?: { href: string; label: string };
  /** Extra trusted markup below the message (e.g. oidc-provider's logout form). */
  extra?: SafeHtml;
}

export function messagePage({ title, heading, message, tone = 'plain', link, extra }: MessagePageOptions): string {
  const text =
    tone === 'plain'
      ? html`<p class="lede">${message}</p>`
      : html`<div class="${tone === 'ok' ? 'alert ok' : 'alert'}" role="status">${message}</div>`;
  return layout({
    title,
    body: html`<h1>${heading}</h1>
      ${text} ${extra ?? ''} ${link ? html`<a class="button" href="${link.href}">${link.label}</a>` : ''}`,
  });
}

export function mailboxPage(messages: readonly MailMessage[]): string {
  const rows = messages.map(
    (message) =>
      html`<tr>
        <td>${message.to}</td>
        <td>${message.subject}</td>
        <td><time datetime="${message.createdAt}">${new Date(message.createdAt).toUTCString()}</time></td>
        <td class="link">
          ${/^https?:\/\//.test(message.link) ? html`<a href="${message.link}">${message.link}</a>` : message.link}
        </td>
      </tr>`,
  );
  return layout({
    title: 'Dev mailbox',
    wide: true,
    body: html`<h1>Dev mailbox</h1>
      <p class="lede">
        E-mails the local identity provider would have sent, newest first. Also as <a href="/dev/mailbox.json">JSON</a>.
      </p>
      ${
        messages.length === 0
          ? html`<p class="empty">No messages yet.</p>`
          : html`<div class="table-wrap">
              <table>
                <thead>
                  <tr>
                    <th scope="col">To</th>
                    <th scope="col">Subject</th>
                    <th scope="col">Date</th>
                    <th scope="col">Link</th>
                  </tr>
                </thead>
                <tbody>
                  ${rows}
                </tbody>
              </table>
            </div>`
      }`,
  });
}

/** oidc-provider's RP-initiated logout confirmation (/oidc/logout), branded. */
export function logoutConfirmPage(form: string): string {
  return layout({
    title: 'Sign out',
    body: html`<h1>Sign out of Paddock?</h1>
      <p class="lede">You will need to sign in again next time.</p>
      ${raw(form)}
      <button class="button" type="submit" form="op.logoutForm" value="yes" name="logout" autofocus>Sign out</button>
      <p class="alt">
        <button class="button" type="submit" form="op.logoutForm" style="background:transparent;color:var(--green-700)">
          Stay signed in
        </button>
      </p>`,
  });
}
