import { ApiError } from '@paddock/shared/api-client';
import { fakeServer, API_URL, IDP_URL, type Routes } from '../testing/harness';
import { createAccountApi } from './accountApi';

const details = { first_name: 'Jane', last_name: 'Farmer', email: 'jane@example.com', user_type: 'farmer' as const };

function apiWith(routes: Routes) {
  const server = fakeServer(routes);
  const api = createAccountApi({
    config: { apiUrl: API_URL, idpUrl: `${IDP_URL}/` },
    getToken: async () => 'tok',
    fetch: server.fetch,
  });
  return { api, server };
}

describe('account api', () => {
  it('reads missing contact details (404) as null, and other failures as errors', async () => {
    expect(await apiWith({}).api.getContactDetails()).toBeNull();
    const { api } = apiWith({
      'GET /v2/accounts/contact_details': { status: 401, body: { detail: 'Token has expired' } },
    });
    await expect(api.getContactDetails()).rejects.toMatchObject({ status: 401, message: 'Token has expired' });
  });

  it('adds with POST and updates with PUT', async () => {
    const { api, server } = apiWith({
      'POST /v2/accounts/contact_details': (r) => ({ status: 201, body: r.body }),
      'PUT /v2/accounts/contact_details': (r) => ({ status: 200, body: r.body }),
    });
    await expect(api.saveContactDetails(details, false)).resolves.toEqual(details);
    await expect(api.saveContactDetails(details, true)).resolves.toEqual(details);
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'PUT']);
  });

  it.each([202, 204])('counts a %s without a body as saved', async (status) => {
    const { api } = apiWith({ 'PUT /v2/accounts/contact_details': { status } });
    await expect(api.saveContactDetails(details, true)).resolves.toEqual(details);
  });

  it('switches to update when an add finds details saved meanwhile (409), and back on a 404', async () => {
    const { api, server } = apiWith({
      'POST /v2/accounts/contact_details': {
        status: 409,
        body: { detail: 'Contact details already exist; update them instead' },
      },
      'PUT /v2/accounts/contact_details': (r) => ({ status: 200, body: r.body }),
    });
    await expect(api.saveContactDetails(details, false)).resolves.toEqual(details);
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'PUT']);

    const other = apiWith({ 'POST /v2/accounts/contact_details': (r) => ({ status: 201, body: r.body }) });
    await expect(other.api.saveContactDetails(details, true)).resolves.toEqual(details);
    expect(other.server.requests.map((r) => r.method)).toEqual(['PUT', 'POST']);
  });

  it('reports a failed save with the server message', async () => {
    const { api } = apiWith({
      'POST /v2/accounts/contact_details': {
        status: 422,
        body: { detail: [{ loc: ['body'], msg: 'Email is not valid', type: 'value_error' }] },
      },
    });
    const error = await api.saveContactDetails(details, false).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'Email is not valid' });
  });

  it('sends the verification email to the idp with the bearer token', async () => {
    const { api, server } = apiWith({ 'POST /api/v2/jobs/verification-email': { status: 201, body: { id: 'job' } } });
    await api.sendVerificationEmail('auth0|jane');
    expect(server.requests[0]).toMatchObject({
      url: 'http://idp.test/api/v2/jobs/verification-email',
      authorization: 'Bearer tok',
      body: { user_id: 'auth0|jane' },
    });
  });

  it.each([
    [{ statusCode: 400, error: 'Bad Request', message: 'The user does not exist.' }, 'The user does not exist.'],
    [{ detail: 'Email already verified' }, 'Email already verified'],
  ])('reports the idp message from %j', async (body, message) => {
    const { api } = apiWith({ 'POST /api/v2/jobs/verification-email': { status: 400, body } });
    await expect(api.sendVerificationEmail('auth0|jane')).rejects.toMatchObject({ status: 400, message });
  });
});
