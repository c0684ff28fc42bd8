import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { makeProfile, makeUser } from '@paddock/shared/testing';
import { renderAccount, toastMessages, type Routes } from '../../testing/harness';

const ROUTE = '/getting-started/profile-setup';
const savedProfile = makeProfile({
  first_name: 'Jane',
  last_name: 'Farmer',
  user_type: 'farmer',
  terms_accepted_version: 'v1',
});

const newAccount: Routes = {
  'GET /v2/accounts/contact_details': { status: 404, body: { detail: 'Contact details not found' } },
  'POST /v2/accounts/contact_details': (r) => ({ status: 201, body: r.body }),
  'PATCH /v2/accounts/profile': { status: 200, body: { data: savedProfile } },
};

const existingDetails = {
  first_name: 'Janet',
  last_name: 'Grower',
  email: 'janet@example.com',
  user_type: 'agronomist',
};
const existingAccount: Routes = {
  ...newAccount,
  'GET /v2/accounts/contact_details': { status: 200, body: { data: existingDetails } },
  'PUT /v2/accounts/contact_details': (r) => ({ status: 200, body: r.body }),
};

const startButton = () => screen.getByRole('button', { name: 'Start using Paddock' });
const termsSwitch = () => screen.getByRole('switch', { name: 'I have read and agree to the terms and conditions.' });
const noticeSwitch = () => screen.getByRole('switch', { name: /information collection notice/ });

async function renderSetup(routes: Routes, options: { fakeTimers?: boolean } = {}) {
  const view = renderAccount({
    route: ROUTE,
    routes,
    advanceTimers: options.fakeTimers ? jest.advanceTimersByTime : undefined,
  });
  await screen.findByRole('heading', { name: 'Set up your profile' });
  return view;
}

async function fillForm(ui: ReturnType<typeof renderAccount>['ui']) {
  await ui.type(screen.getByLabelText('First Name'), 'Jane');
  await ui.type(screen.getByLabelText('Last Name'), 'Farmer');
  await ui.selectOptions(screen.getByLabelText('Occupation'), 'farmer');
  await ui.click(termsSwitch());
  await ui.click(noticeSwitch());
}

beforeEach(() => window.history.replaceState(null, '', ROUTE));
afterEach(() => jest.useRealTimers());

describe('profile setup', () => {
  it('shows a loading state, then prefills the email from the sign-in when nothing was saved', async () => {
    renderAccount({
      route: ROUTE,
      routes: newAccount,
      profile: makeProfile({ email: null }),
      user: makeUser({ email: 'sam@farm.example' }),
    });
    expect(screen.getByText('Loading your profile…')).toBeInTheDocument();
    expect(await screen.findByLabelText('Email')).toHaveValue('sam@farm.example');
    expect(screen.getByLabelText('First Name')).toHaveValue('');
    expect(screen.getByText(/photo comes from the account you signed in with/)).toBeInTheDocument();
  });

  it('prefills from saved contact details when they exist', async () => {
    await renderSetup(existingAccount);
    expect(screen.getByLabelText('First Name')).toHaveValue('Janet');
    expect(screen.getByLabelText('Occupation')).toHaveValue('agronomist');
  });

  it('offers every occupation behind a "Select Occupation" placeholder', async () => {
    await renderSetup(newAccount);
    const options = Array.from((screen.getByLabelText('Occupation') as HTMLSelectElement).options).map((o) => o.text);
    expect(options).toEqual([
      'Select Occupation',
      'Farmer',
      'Agronomist',
      'Researcher',
      'Input supplier',
      'Education',
      'Other',
    ]);
  });

  it('keeps "Start using Paddock" disabled until both agreements are ticked', async () => {
    const { ui } = await renderSetup(newAccount);
    expect(startButton()).toBeDisabled();
    await ui.click(termsSwitch());
    expect(termsSwitch()).toBeChecked();
    expect(startButton()).toBeDisabled();
    await ui.click(noticeSwitch());
    expect(startButton()).toBeEnabled();
    await ui.click(termsSwitch());
    expect(startButton()).toBeDisabled();
  });

  it('never saves without both agreements, even when the form is submitted another way', async () => {
    const { ui, server, toasts } = await renderSetup(newAccount);
    await ui.type(screen.getByLabelText('First Name'), 'Jane');
    await ui.type(screen.getByLabelText('Last Name'), 'Farmer');
    await ui.selectOptions(screen.getByLabelText('Occupation'), 'farmer');
    await ui.click(termsSwitch());
    fireEvent.submit(startButton().closest('form') as HTMLFormElement);
    await act(async () => undefined);
    expect(server.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(toasts).toEqual([]);
  });

  it('shows each required message, a toast, sends nothing and keeps what was typed', async () => {
    const { ui, server, toasts } = await renderSetup(newAccount);
    await ui.clear(screen.getByLabelText('Email'));
    await ui.type(screen.getByLabelText('Last Name'), 'Farmer');
    await ui.click(termsSwitch());
    await ui.click(noticeSwitch());
    await ui.click(startButton());

    expect(await screen.findByText('Enter First Name')).toBeInTheDocument();
    expect(screen.getByText('Enter Email Address')).toBeInTheDocument();
    expect(screen.getByText('Select Occupation', { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByText('Enter Last Name')).not.toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toHaveAccessibleDescription('Enter First Name');
    expect(toastMessages(toasts)).toEqual(['Please fill in the required fields']);
    expect(screen.getByLabelText('Last Name')).toHaveValue('Farmer');
    expect(termsSwitch()).toBeChecked();
    expect(server.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('shows "Enter Last Name" when only the last name is missing', async () => {
    const { ui } = await renderSetup(newAccount);
    await ui.type(screen.getByLabelText('First Name'), 'Jane');
    await ui.click(screen.getByLabelText('Last Name'));
    await ui.tab();
    expect(await screen.findByText('Enter Last Name')).toBeInTheDocument();
  });

  it('adds contact details (POST after a 404), accepts terms v1, then goes to the dashboard after 3 seconds', async () => {
    jest.useFakeTimers();
    const { ui, server, toasts, profileEvents } = await renderSetup(newAccount, { fakeTimers: true });
    await fillForm(ui);
    await ui.click(startButton());

    await waitFor(() =>
      expect(toastMessages(toasts)).toEqual(['Profile successfully saved! Redirecting to Dashboard...']),
    );
    expect(server.find('POST', '/v2/accounts/contact_details')).toHaveLength(1);
    expect(server.find('PUT', '/v2/accounts/contact_details')).toHaveLength(0);
    expect(server.find('POST', '/v2/accounts/contact_details')[0]?.body).toEqual({
      data: { first_name: 'Jane', last_name: 'Farmer', email: 'jane.farmer@example.com', user_type: 'farmer' },
    });
    expect(server.find('PATCH', '/v2/accounts/profile')[0]?.body).toEqual({ data: { terms_accepted_version: 'v1' } });
    expect(server.requests.every((r) => r.authorization === 'Bearer token-1')).toBe(true);
    expect(profileEvents).toEqual([{ profile: savedProfile }]);
    expect(screen.getByRole('status')).toHaveTextContent('Taking you to your Dashboard in 3 seconds');

    act(() => jest.advanceTimersByTime(2000));
    expect(screen.getByRole('status')).toHaveTextContent('in 1 second');
    expect(window.location.pathname).toBe(ROUTE);
    act(() => jest.advanceTimersByTime(1000));
    expect(window.location.pathname).toBe('/dashboard');
  });

  it('updates contact details (PUT) when they already exist', async () => {
    const { ui, server, toasts } = await renderSetup(existingAccount);
    await ui.click(termsSwitch());
    await ui.click(noticeSwitch());
    await ui.click(startButton());

    await waitFor(() =>
      expect(toastMessages(toasts)).toEqual(['Profile successfully saved! Redirecting to Dashboard...']),
    );
    expect(server.find('POST', '/v2/accounts/contact_details')).toHaveLength(0);
    expect(server.find('PUT', '/v2/accounts/contact_details')[0]?.body).toEqual({ data: existingDetails });
    expect(server.find('PATCH', '/v2/accounts/profile')).toHaveLength(1);
  });

  it('says something went wrong when the save fails, and still goes to the dashboard after 3 seconds', async () => {
    jest.useFakeTimers();
    const failing: Routes = {
      ...newAccount,
      'PATCH /v2/accounts/profile': { status: 500, body: { detail: 'Database unavailable' } },
    };
    const { ui, toasts, profileEvents } = await renderSetup(failing, { fakeTimers: true });
    await fillForm(ui);
    await ui.click(startButton());

    await waitFor(() => expect(toastMessages(toasts)).toEqual(['Something went wrong! Redirecting to Dashboard...']));
    expect(profileEvents).toEqual([]);
    act(() => jest.advanceTimersByTime(2500));
    expect(window.location.pathname).toBe(ROUTE);
    act(() => jest.advanceTimersByTime(500));
    expect(window.location.pathname).toBe('/dashboard');
  });

  it('shows the product error with a retry when the account cannot be loaded', async () => {
    const { ui } = renderAccount({
      route: ROUTE,
      routes: { 'GET /v2/accounts/contact_details': { status: 401, body: { detail: 'Token has expired' } } },
    });
    expect(await screen.findByRole('heading', { name: 'We encountered an error.' })).toBeInTheDocument();
    expect(screen.getByText('Token has expired')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'We encountered an error.' })).toBeInTheDocument();
  });
});
