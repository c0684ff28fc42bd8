// Password guessing is throttled per account and per client address (slower answers, then a
// temporary lock, as Auth0's brute-force protection), and sign-up refuses common and trivial passwords.
import {
  authorizeUrl,
  CookieJar,
  follow,
  formAction,
  login,
  postForm,
  startTestIdp,
  makeDataDir,
  type TestIdp,
} from './test-utils';

jest.setTimeout(60_000);

const PASSWORD = 'harvest-moon-77';
/** Small limits so the tests stay short; the delays are long enough to measure on a busy machine. */
const THROTTLE = { accountLimit: 5, addressLimit: 100, baseDelayMs: 300, maxDelayMs: 1200, lockMs: 10 * 60_000 };
const ADDRESS_LIMIT = 12;

/** Opens the sign-in (or sign-up) form and posts it; the page's status, text and how long the answer took. */
async function submit(
  idp: TestIdp,
  credentials: { email: string; password: string },
  screen: 'login' | 'signup' = 'login',
) {
  const jar = new CookieJar();
  const page = await follow(jar, authorizeUrl(idp, screen === 'signup' ? { screen_hint: 'signup' } : {}).url);
  const html = await page.response.text();
  const started = performance.now();
  const result = await postForm(jar, formAction(html, page.url), credentials);
  const elapsed = performance.now() - started;
  const text = result.appUrl ? '' : await result.response.text();
  return { status: result.appUrl ? 303 : result.response.status, text, elapsed, signedIn: Boolean(result.appUrl) };
}

async function newAccount(idp: TestIdp, email: string) {
  await login(idp, new CookieJar(), { email, password: PASSWORD }, { screen: 'signup' });
}

const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

describe('password guessing', () => {
  let idp: TestIdp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await makeDataDir();
    idp = await startTestIdp(dataDir, { signInThrottle: THROTTLE });
  });
  afterAll(async () => {
    await idp.dispose();
  });

  it('answers repeated wrong passwords for one account more and more slowly, then locks it with a clear message', async () => {
    const email = unique('guessed');
    await newAccount(idp, email);
    const answers = [];
    for (let attempt = 1; attempt <= THROTTLE.accountLimit; attempt += 1) {
      answers.push(await submit(idp, { email, password: `wrong-${attempt}` }));
    }
    for (const answer of answers) expect(answer.status).toBe(401);
    // From the third failure on, each answer waits longer (300 ms, 600 ms, 1200 ms).
    expect(answers[3]?.elapsed).toBeGreaterThanOrEqual(600);
    expect(answers[4]?.elapsed).toBeGreaterThanOrEqual(1200);

    // Locked: even the right password is refused for now, and the page says why and for how long.
    const locked = await submit(idp, { email, password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.signedIn).toBe(false);
    expect(locked.text).toContain('Too many failed sign-in attempts for this account');
    expect(locked.text).toMatch(/Try again in 10 minutes/);

    // Another account from the same address is not affected.
    const other = unique('bystander');
    await newAccount(idp, other);
    expect((await submit(idp, { email: other, password: PASSWORD })).signedIn).toBe(true);
  });

  it('keeps the lock across a restart (the state is in the idp store)', async () => {
    const email = unique('restart');
    await newAccount(idp, email);
    for (let attempt = 1; attempt <= THROTTLE.accountLimit; attempt += 1)
      await submit(idp, { email, password: 'nope-nope' });
    await idp.close();
    idp = await startTestIdp(dataDir, { signInThrottle: THROTTLE });
    expect((await submit(idp, { email, password: PASSWORD })).status).toBe(429);
  });

  it('counts guesses against unknown e-mails the same way (no hint that an account exists)', async () => {
    const email = unique('nobody');
    for (let attempt = 1; attempt <= THROTTLE.accountLimit; attempt += 1) {
      expect((await submit(idp, { email, password: 'wrong-again' })).status).toBe(401);
    }
    const locked = await submit(idp, { email, password: 'wrong-again' });
    expect(locked.status).toBe(429);
    expect(locked.text).toContain('Too many failed sign-in attempts for this account');
  });

  it('a success clears the account count', async () => {
    const email = unique('forgetful');
    await newAccount(idp, email);
    for (let attempt = 1; attempt < THROTTLE.accountLimit; attempt += 1)
      await submit(idp, { email, password: 'oops-oops' });
    expect((await submit(idp, { email, password: PASSWORD })).signedIn).toBe(true);
    expect((await submit(idp, { email, password: 'oops-again' })).status).toBe(401);
    expect((await submit(idp, { email, password: PASSWORD })).signedIn).toBe(true);
  });
});

describe('guessing across many accounts from one address', () => {
  let idp: TestIdp;
  beforeAll(async () => {
    idp = await startTestIdp(undefined, {
      signInThrottle: { ...THROTTLE, addressLimit: ADDRESS_LIMIT, baseDelayMs: 1, maxDelayMs: 1 },
    });
  });
  afterAll(async () => {
    await idp.dispose();
  });

  it('locks the address after too many failures, whichever accounts they were for', async () => {
    const real = unique('real');
    await newAccount(idp, real);
    for (let attempt = 1; attempt <= ADDRESS_LIMIT; attempt += 1) {
      // A different account each time: never near the account limit.
      expect((await submit(idp, { email: unique('spray'), password: 'Summer2024!' })).status).toBe(401);
    }
    const locked = await submit(idp, { email: real, password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.text).toContain('Too many failed sign-in attempts from your network');
  });
});

describe('weak passwords on sign-up', () => {
  let idp: TestIdp;
  beforeAll(async () => {
    idp = await startTestIdp();
  });
  afterAll(async () => {
    await idp.dispose();
  });

  it.each([
    ['a common password', 'password'],
    ['a common number', '12345678'],
    ['a keyboard row', 'qwertyuiop'],
    ['one repeated key', 'aaaaaaaaaa'],
    ['a run', 'abcdefghij'],
    ['a descending run', '98765432'],
    ['few different characters', 'abababab12'],
  ])('refuses %s (%s), saying what would be accepted', async (_name, password) => {
    const answer = await submit(idp, { email: unique('weak'), password }, 'signup');
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(/too (common|easy to guess)/);
    expect(answer.text).toContain('a few unrelated words');
  });

  it('refuses the e-mail address as the password', async () => {
    const email = unique('mirror');
    const answer = await submit(idp, { email, password: email.split('@')[0] as string }, 'signup');
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('must not contain your email address');
  });

  it('accepts a password that is none of these, and the form says the rule up front', async () => {
    const jar = new CookieJar();
    const page = await follow(jar, authorizeUrl(idp, { screen_hint: 'signup' }).url);
    expect(await page.response.text()).toContain('not a common password');
    expect((await submit(idp, { email: unique('strong'), password: 'paddock tractor ute' }, 'signup')).signedIn).toBe(
      true,
    );
  });
});
