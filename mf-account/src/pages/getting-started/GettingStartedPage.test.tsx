import { screen, waitFor, within } from '@testing-library/react';
import type { Profile } from '@paddock/shared/contracts';
import { makeProfile, makeUser } from '@paddock/shared/testing';
import { renderAccount, toastMessages, type Routes } from '../../testing/harness';
import { IMPORT_UNAVAILABLE } from './ImportModal';

const mountImportWizard = jest.fn();
const loadExposed = jest.fn();
jest.mock('@paddock/shared/ui/remote', () => ({
  ...jest.requireActual<typeof import('@paddock/shared/ui/remote')>('@paddock/shared/ui/remote'),
  loadExposed: (key: string) => loadExposed(key),
}));

const ROUTE = '/getting-started';
const complete = makeProfile({ first_name: 'Jane', last_name: 'Farmer', user_type: 'farmer' });
const noDetails = { status: 404, body: { detail: 'Contact details not found' } };

/** The API's answers for an account whose profile is `profile`. */
const serverWith = (profile: Profile, extra: Routes = {}): Routes => ({
  'GET /v2/accounts/profile': { status: 200, body: { data: profile } },
  'GET /v2/accounts/contact_details': noDetails,
  ...extra,
});

const card = (title: string) => screen.getByRole('article', { name: title });
const isCompleted = (title: string) => within(card(title)).queryByText('Completed') !== null;

async function renderPage(options: Parameters<typeof renderAccount>[0]) {
  const view = renderAccount(options);
  await screen.findByRole('heading', { level: 1, name: 'Getting started' });
  return view;
}

beforeEach(() => window.history.replaceState(null, '', ROUTE));

describe('getting started', () => {
  it('shows the four cards and a way to finish later', async () => {
    await renderPage({ route: ROUTE, routes: serverWith(makeProfile()) });
    for (const title of [
      'Complete your profile',
      'Import your shape file',
      'Verify your email address',
      'Learn more with us',
    ]) {
      expect(card(title)).toBeInTheDocument();
    }
    expect(within(card('Learn more with us')).getByRole('link', { name: 'Visit the Store' })).toHaveAttribute(
      'href',
      '/store',
    );
    expect(screen.getByRole('link', { name: 'Proceed and finish later' })).toHaveAttribute('href', '/');
  });

  it('marks profile and email Completed when names, user type and verification are there', async () => {
    await renderPage({ route: ROUTE, routes: serverWith(complete), user: makeUser({ email_verified: true }) });
    expect(isCompleted('Complete your profile')).toBe(true);
    expect(isCompleted('Verify your email address')).toBe(true);
    expect(isCompleted('Import your shape file')).toBe(false);
  });

  it.each([
    ['no user type', { user_type: null }],
    ['an empty user type', { user_type: '' as const }],
    ['no last name', { last_name: '   ' }],
    ['no first name', { first_name: null }],
  ])('does not mark the profile Completed with %s, nor an unverified email', async (_case, missing) => {
    await renderPage({ route: ROUTE, routes: serverWith(makeProfile({ ...complete.account, ...missing })) });
    expect(isCompleted('Complete your profile')).toBe(false);
    expect(isCompleted('Verify your email address')).toBe(false);
  });

  it('judges the profile by what the API says now, not by the older profile the host handed over', async () => {
    await renderPage({ route: ROUTE, profile: makeProfile(), routes: serverWith(complete) });
    expect(isCompleted('Complete your profile')).toBe(true);
  });

  it('edits the profile in a modal: validation, add (POST) on first save, then Completed', async () => {
    const routes = serverWith(makeProfile(), {
      'POST /v2/accounts/contact_details': (r) => ({ status: 201, body: r.body }),
    });
    const { ui, server, toasts, profileEvents } = await renderPage({ route: ROUTE, routes });
    await ui.click(within(card('Complete your profile')).getByRole('button', { name: 'Complete profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete your profile' });

    await ui.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter First Name')).toBeInTheDocument();
    expect(within(dialog).getByText('Select Occupation', { selector: 'p' })).toBeInTheDocument();
    expect(toastMessages(toasts)).toEqual(['Please fill in the required fields']);

    // Once saved, the API answers with the completed profile.
    routes['GET /v2/accounts/profile'] = { status: 200, body: { data: complete } };
    await ui.type(within(dialog).getByLabelText('First Name'), 'Jane');
    await ui.type(within(dialog).getByLabelText('Last Name'), 'Farmer');
    await ui.selectOptions(within(dialog).getByLabelText('Occupation'), 'farmer');
    await ui.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toastMessages(toasts)).toContain('Profile successfully updated');
    expect(server.find('POST', '/v2/accounts/contact_details')[0]?.body).toEqual({
      data: { first_name: 'Jane', last_name: 'Farmer', email: 'jane.farmer@example.com', user_type: 'farmer' },
    });
    expect(profileEvents).toEqual([{ profile: complete }]);
    expect(isCompleted('Complete your profile')).toBe(true);
  });

  it('updates (PUT) saved contact details from the modal and keeps it open on a failure', async () => {
    const saved = { first_name: 'Jane', last_name: 'Farmer', email: 'jane@example.com', user_type: 'farmer' };
    const routes = serverWith(complete, {
      'GET /v2/accounts/contact_details': { status: 200, body: { data: saved } },
      'PUT /v2/accounts/contact_details': {
        status: 422,
        body: { detail: [{ loc: ['body', 'data', 'email'], msg: 'Email is not valid', type: 'value_error' }] },
      },
    });
    const { ui, server, toasts } = await renderPage({ route: ROUTE, routes });
    await ui.click(within(card('Complete your profile')).getByRole('button', { name: 'Edit profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete your profile' });
    expect(within(dialog).getByLabelText('Email')).toHaveValue('jane@example.com');
    await ui.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(toastMessages(toasts)).toEqual(['Email is not valid']));
    expect(server.find('PUT', '/v2/accounts/contact_details')).toHaveLength(1);
    expect(server.find('POST', '/v2/accounts/contact_details')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Complete your profile' })).toBeInTheDocument();
  });

  it('closes a modal with Escape and gives focus back to the card', async () => {
    const { ui } = await renderPage({ route: ROUTE, routes: serverWith(makeProfile()) });
    const opener = within(card('Import your shape file')).getByRole('button', { name: 'Import a file' });
    await ui.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Import your shape file' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await ui.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('sends the user to Farms & Fields to create a farm from the import modal', async () => {
    const { ui } = await renderPage({ route: ROUTE, routes: serverWith(makeProfile()) });
    await ui.click(within(card('Import your shape file')).getByRole('button', { name: 'Import a file' }));
    await ui.click(await screen.findByRole('button', { name: 'Go to Farms & Fields' }));
    expect(window.location.pathname).toBe('/farms');
    expect(window.history.state).toMatchObject({ usr: { createFarm: true } });
  });

  it("opens the farms area's import wizard for the chosen farm", async () => {
    const unmount = jest.fn();
    loadExposed.mockResolvedValue({ mountImportWizard });
    mountImportWizard.mockImplementation((element: HTMLElement) => {
      element.textContent = 'the import wizard';
      return unmount;
    });
    const farm = (id: string, name: string, permission: string) => ({
      type: 'Feature',
      id,
      geometry: null,
      bbox: null,
      properties: {
        farm_id: id,
        farm_name: name,
        is_favorite: false,
        collaborators: [],
        number_of_fields: 0,
        farm_area: 0,
        location: null,
        owner_email: null,
        permission,
        created_on: '2024-01-01T00:00:00Z',
        updated_on: '2024-01-01T00:00:00Z',
      },
    });
    const routes = serverWith(makeProfile(), {
      'GET /v2/farms': {
        status: 200,
        body: {
          type: 'FeatureCollection',
          features: [farm('f1', 'Home Block', 'owner'), farm('f2', 'Shared', 'viewer'), farm('f3', 'River', 'editor')],
          pages: { total_count: 3, total_pages: 1, skip: 0, limit: 100 },
        },
      },
    });
    const { ui } = await renderPage({ route: ROUTE, routes });
    await ui.click(within(card('Import your shape file')).getByRole('button', { name: 'Import a file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import your shape file' });
    const select = await within(dialog).findByLabelText('Farm');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Home Block', 'River']);
    await ui.selectOptions(select, 'f3');
    await ui.click(within(dialog).getByRole('button', { name: 'Choose files' }));
    expect(await screen.findByText('the import wizard')).toBeInTheDocument();
    expect(loadExposed).toHaveBeenCalledWith('importWizard');
    const options = mountImportWizard.mock.calls[0][1];
    expect(options.farm).toEqual({ farm_id: 'f3', farm_name: 'River' });
    options.onClose();
    await waitFor(() => expect(screen.queryByText('the import wizard')).not.toBeInTheDocument());
  });

  it('tells the user when the import wizard cannot be loaded', async () => {
    loadExposed.mockRejectedValue(new Error('offline'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const routes = serverWith(makeProfile(), {
      'GET /v2/farms': {
        status: 200,
        body: {
          type: 'FeatureCollection',
          features: [
            {
              type: 'Feature',
              id: 'f1',
              geometry: null,
              bbox: null,
              properties: {
                farm_id: 'f1',
                farm_name: 'Home Block',
                is_favorite: false,
                collaborators: [],
                number_of_fields: 0,
                farm_area: 0,
                location: null,
                owner_email: null,
                permission: 'owner',
                created_on: '2024-01-01T00:00:00Z',
                updated_on: '2024-01-01T00:00:00Z',
              },
            },
          ],
          pages: { total_count: 1, total_pages: 1, skip: 0, limit: 100 },
        },
      },
    });
    const { ui, toasts } = await renderPage({ route: ROUTE, routes });
    await ui.click(within(card('Import your shape file')).getByRole('button', { name: 'Import a file' }));
    await ui.click(await screen.findByRole('button', { name: 'Choose files' }));
    await waitFor(() => expect(toastMessages(toasts)).toContain(IMPORT_UNAVAILABLE));
  });

  it('sends the verification email to the identity provider for the signed-in user', async () => {
    const routes = serverWith(makeProfile(), {
      'POST /api/v2/jobs/verification-email': { status: 201, body: { id: 'job_1', status: 'pending' } },
    });
    const { ui, server, toasts } = await renderPage({ route: ROUTE, routes });
    await ui.click(within(card('Verify your email address')).getByRole('button', { name: 'Verify email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify your email address' });
    expect(dialog).toHaveTextContent('jane.farmer@example.com');
    await ui.click(within(dialog).getByRole('button', { name: 'Send verification email' }));

    await waitFor(() => expect(toastMessages(toasts)).toEqual(['Email Verification sent']));
    const [sent] = server.find('POST', '/api/v2/jobs/verification-email');
    expect(sent?.url).toBe('http://idp.test/api/v2/jobs/verification-email');
    expect(sent?.body).toEqual({ user_id: 'auth0|jane' });
    expect(sent?.authorization).toBe('Bearer token-1');
  });

  it("shows the identity provider's message when the verification email fails", async () => {
    const routes = serverWith(makeProfile(), {
      'POST /api/v2/jobs/verification-email': {
        status: 429,
        body: {
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Too many verification emails. Try again later.',
        },
      },
    });
    const { ui, toasts } = await renderPage({ route: ROUTE, routes });
    await ui.click(within(card('Verify your email address')).getByRole('button', { name: 'Verify email' }));
    await ui.click(await screen.findByRole('button', { name: 'Send verification email' }));
    await waitFor(() =>
      expect(toasts).toEqual([{ kind: 'error', message: 'Too many verification emails. Try again later.' }]),
    );
  });

  it('marks the email Completed after "I\'ve verified it" when the refreshed sign-in says so', async () => {
    const refreshUser = jest.fn(async () => makeUser({ email_verified: true }));
    const { ui } = await renderPage({ route: ROUTE, routes: serverWith(makeProfile()), refreshUser });
    expect(isCompleted('Verify your email address')).toBe(false);
    await ui.click(within(card('Verify your email address')).getByRole('button', { name: 'Verify email' }));
    await ui.click(await screen.findByRole('button', { name: "I've verified it" }));
    expect(await screen.findByText(/is verified/)).toBeInTheDocument();
    expect(refreshUser).toHaveBeenCalledTimes(1);
    await ui.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(isCompleted('Verify your email address')).toBe(true);
  });

  it('says so when the email is still not verified', async () => {
    const { ui, toasts } = await renderPage({ route: ROUTE, routes: serverWith(makeProfile()) });
    await ui.click(within(card('Verify your email address')).getByRole('button', { name: 'Verify email' }));
    await ui.click(await screen.findByRole('button', { name: "I've verified it" }));
    await waitFor(() => expect(toasts[0]?.kind).toBe('info'));
    expect(screen.getByRole('button', { name: 'Send verification email' })).toBeEnabled();
    await ui.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(isCompleted('Verify your email address')).toBe(false);
  });

  it('shows a loading state, then the product error with a retry when the account fails to load', async () => {
    const routes: Routes = {
      'GET /v2/accounts/profile': { status: 401, body: { detail: 'Token has expired' } },
      'GET /v2/accounts/contact_details': noDetails,
    };
    const { ui } = renderAccount({ route: ROUTE, routes });
    expect(screen.getByText('Loading your account…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'We encountered an error.' })).toBeInTheDocument();
    routes['GET /v2/accounts/profile'] = { status: 200, body: { data: complete } };
    await ui.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Getting started' })).toBeInTheDocument();
  });
});
