// Unit tests: Auth0 parameter mapping, configuration parsing and HTML escaping.
import { adaptAuthorizeQuery, adaptTokenForm } from './auth0-compat';
import { normaliseIssuer, optionsFromEnv, parseOrigins, resolveConfig } from './config';
import { escapeHtml, html } from './html';
import { mailboxPage, signInPage } from './pages';

describe('adaptAuthorizeQuery', () => {
  it('maps audience to resource and asks for (automatic) consent with offline_access', () => {
    const adapted = adaptAuthorizeQuery(
      new URLSearchParams({ audience: 'https://api.paddock.example', scope: 'openid offline_access' }),
    );
    expect(adapted?.get('resource')).toBe('https://api.paddock.example');
    expect(adapted?.has('audience')).toBe(false);
    expect(adapted?.get('prompt')).toBe('consent');
  });

  it('keeps prompt=login and leaves prompt=none alone', () => {
    expect(
      adaptAuthorizeQuery(new URLSearchParams({ prompt: 'login', scope: 'openid offline_access' }))?.get('prompt'),
    ).toBe('login consent');
    expect(
      adaptAuthorizeQuery(new URLSearchParams({ prompt: 'none', scope: 'openid offline_access' })),
    ).toBeUndefined();
    expect(adaptAuthorizeQuery(new URLSearchParams({ scope: 'openid' }))).toBeUndefined();
  });
});

describe('adaptTokenForm', () => {
  it('maps audience, defaults the client_credentials scope and moves Basic credentials into the body', () => {
    const { form, dropAuthorization } = adaptTokenForm(
      new URLSearchParams({ grant_type: 'client_credentials', audience: 'https://api.paddock.example' }),
      `Basic ${Buffer.from('paddock-admin-cli:s%3Acret').toString('base64')}`,
    );
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'client_credentials',
      resource: 'https://api.paddock.example',
      scope: 'paddock:admin',
      client_id: 'paddock-admin-cli',
      client_secret: 's:cret',
    });
    expect(dropAuthorization).toBe(true);
  });

  it('does not override an explicit resource or scope', () => {
    const { form } = adaptTokenForm(
      new URLSearchParams({ grant_type: 'client_credentials', resource: 'r', audience: 'a', scope: 's' }),
      undefined,
    );
    expect(form.get('resource')).toBe('r');
    expect(form.get('scope')).toBe('s');
  });
});

describe('configuration', () => {
  it('reads the environment with defaults', () => {
    const options = optionsFromEnv(
      { PORT: '4555', WEB_ORIGINS: 'http://localhost:5000/, https://app.example ' },
      '/data',
    );
    expect(options).toMatchObject({
      port: 4555,
      dataDir: '/data',
      webOrigins: ['http://localhost:5000', 'https://app.example'],
    });
    const config = resolveConfig(options, 4555);
    expect(config.issuer).toBe('http://localhost:4555/');
    expect(config.webUrls).toEqual([
      'http://localhost:5000/',
      'http://localhost:5000',
      'https://app.example/',
      'https://app.example',
    ]);
    expect(config.apiAudience).toBe('https://api.paddock.example');
    expect(config.adminClientSecret).toBe('paddock-dev-admin-secret');
    const defaults = resolveConfig(optionsFromEnv({}, '/data'), 4400);
    expect(defaults.issuer).toBe('http://localhost:4400/');
    expect(defaults.webOrigins).toHaveLength(5);
  });

  it('adds the trailing slash to the issuer and refuses paths or bad values', () => {
    expect(normaliseIssuer('http://localhost:4400')).toBe('http://localhost:4400/');
    expect(() => normaliseIssuer('http://localhost:4400/idp/')).toThrow();
    expect(() => parseOrigins('ftp://x')).toThrow();
    expect(() => optionsFromEnv({ PORT: 'abc' }, '/d')).toThrow();
  });
});

describe('HTML', () => {
  it('escapes interpolations unless they are html fragments', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(html`<p>${'<b>'}${html`<i>ok</i>`}</p>`.value).toBe('<p>&lt;b&gt;<i>ok</i></p>');
  });

  it('renders accessible, escaped forms and mailbox rows', () => {
    const page = signInPage({
      action: '/interaction/abc/login',
      switchHref: '/interaction/abc/signup',
      email: '"><img src=x>',
      error: 'Wrong email or password.',
    });
    expect(page).toContain('value="&quot;&gt;&lt;img src=x&gt;"');
    expect(page).toContain('role="alert"');
    expect(page).toContain('aria-invalid="true"');
    expect(page).toContain('<meta name="viewport"');
    expect(page).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    const mailbox = mailboxPage([
      {
        id: '1',
        type: 'verification_email',
        to: '<x>@e.com',
        subject: 'S',
        text: 't',
        link: 'javascript:alert(1)',
        userId: 'u',
        createdAt: new Date(0).toISOString(),
      },
    ]);
    expect(mailbox).toContain('&lt;x&gt;@e.com');
    expect(mailbox).not.toContain('href="javascript:');
  });
});
