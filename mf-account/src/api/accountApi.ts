import {
  createAreaApiClient,
  ApiError,
  createApiClient,
  messageFromBody,
  normaliseError,
  type ApiClient,
  type AreaApiOptions,
} from '@paddock/shared/api-client';
import {
  contactDetailsResponseSchema,
  emailChangeResponseSchema,
  notificationPreferencesSchema,
  profileResponseSchema,
  TERMS_VERSION,
  type ContactDetails,
  type EmailChangeResponse,
  type MfConfig,
  type NotificationPreferences,
  type Profile,
} from '@paddock/shared/contracts';

/** Everything this area asks of the API and of the identity provider. */
export interface AccountApi {
  getProfile(): Promise<Profile>;
  /** The saved contact details, or null when they were never saved (the API answers 404). */
  getContactDetails(): Promise<ContactDetails | null>;
  /** Spec 3 §4: 'add' when no contact details exist yet, 'update' otherwise. */
  saveContactDetails(details: ContactDetails, exists: boolean): Promise<ContactDetails>;
  acceptTerms(): Promise<Profile>;
  sendVerificationEmail(userId: string): Promise<void>;
  /** Settings' 'Change Email Address': the identity provider and the account (PATCH v2/accounts/email). */
  changeEmail(email: string): Promise<EmailChangeResponse>;
  /** Profile fields from settings (PATCH v2/accounts/profile); the saved profile comes back. */
  updateProfile(details: ContactDetails): Promise<Profile>;
  /** Whether the daily e-mail digest of change alerts is on (issue 30). */
  notificationPreferences(): Promise<NotificationPreferences>;
  setNotificationPreferences(preferences: NotificationPreferences): Promise<NotificationPreferences>;
}

/** The account also asks the identity provider (its address is in the host's config too). */
export interface AccountApiOptions extends AreaApiOptions {
  config: Pick<MfConfig, 'apiUrl' | 'idpUrl'>;
}

const CONTACT_PATH = 'accounts/contact_details';

/** Runs an add or update; a 202 or 204 carries no body, so what was sent is what was saved. */
async function writeContact(api: ApiClient, method: 'post' | 'put', details: ContactDetails): Promise<ContactDetails> {
  try {
    const response = await api.http(CONTACT_PATH, { method, json: { data: details } });
    if (response.status === 202 || response.status === 204) return details;
    const parsed = contactDetailsResponseSchema.safeParse(await response.json());
    return parsed.success ? parsed.data.data : details;
  } catch (error) {
    throw await normaliseError(error);
  }
}

/** ky's HTTPError, recognised by shape: the shared client may carry its own copy of ky. */
function hasResponse(error: unknown): error is { response: Response } {
  return typeof error === 'object' && error !== null && 'response' in error && error.response instanceof Response;
}

/** Auth0-style bodies say `message`; ours say `detail`. The user sees whichever the server sent. */
async function idpErrorMessage(error: unknown): Promise<ApiError> {
  if (!hasResponse(error)) return normaliseError(error);
  const body: unknown = await error.response
    .clone()
    .json()
    .catch(() => undefined);
  const message =
    typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
      ? body.message
      : messageFromBody(body);
  return message ? new ApiError(error.response.status, message) : normaliseError(error);
}

export function createAccountApi({ config, getToken, fetch }: AccountApiOptions): AccountApi {
  const api = createAreaApiClient({ config, getToken, fetch });
  const idp = createApiClient({
    baseUrl: `${config.idpUrl.replace(/\/$/, '')}/api/v2`,
    getToken: () => getToken(),
    fetch,
  });

  return {
    getProfile: async () => (await api.get('accounts/profile', profileResponseSchema)).data,
    notificationPreferences: () => api.get('notifications/preferences', notificationPreferencesSchema),
    setNotificationPreferences: (preferences) =>
      api.send('put', 'notifications/preferences', notificationPreferencesSchema, preferences),

    async getContactDetails() {
      try {
        return (await api.get(CONTACT_PATH, contactDetailsResponseSchema)).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },

    async saveContactDetails(details, exists) {
      try {
        return await writeContact(api, exists ? 'put' : 'post', details);
      } catch (error) {
        // Another tab may have saved in between: 409 on add means "update instead", 404 on update "add".
        const raced = error instanceof ApiError && error.status === (exists ? 404 : 409);
        if (!raced) throw error;
        return writeContact(api, exists ? 'post' : 'put', details);
      }
    },

    acceptTerms: async () =>
      (
        await api.send('patch', 'accounts/profile', profileResponseSchema, {
          data: { terms_accepted_version: TERMS_VERSION },
        })
      ).data,

    changeEmail: (email) => api.send('patch', 'accounts/email', emailChangeResponseSchema, { email }),

    updateProfile: async (details) =>
      (await api.send('patch', 'accounts/profile', profileResponseSchema, { data: details })).data,

    async sendVerificationEmail(userId) {
      try {
        await idp.http.post('jobs/verification-email', { json: { user_id: userId } });
      } catch (error) {
        throw await idpErrorMessage(error);
      }
    },
  };
}
