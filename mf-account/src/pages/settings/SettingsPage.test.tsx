import { act, screen, waitFor, within } from '@testing-library/react';
import { makeProfile, makeUser } from '@paddock/shared/testing';
import type { ContactDetails, Profile } from '@paddock/shared/contracts';
import { renderAccount, toastMessages, type Routes } from '../../testing/harness';
import { pageReload } from './ChangeEmailModal';

const profile = (account: Partial<Profile['account']> = {}, rest: Partial<Omit<Profile, 'account'>> = {}) =>
  makeProfile({ terms_accepted_version: 'v1', first_name: 'Jane', last_name: 'Farmer', ...account }, rest);

const contact: ContactDetails = {
  first_name: 'Jane',
  last_name: 'Farmer',
  email: 'jane.farmer@example.com',
  phone_number: '0400 000 000',
  company: 'Farmer & Co',
  address1: '1 Long Paddock Rd',
  city: 'Wagga Wagga',
  state: 'NSW',
  country: 'AU',
  post_code: '2650',
  user_type: 'farmer',
};

function routes(extra: Routes = {}): Routes {
  return {
    'GET /v2/accounts/contact_details': { status: 200, body: { data: contact } },
    'GET /v2/accounts/profile': { status: 200, body: { data: profile() } },
    ...extra,
  };
}

describe('settings', () => {
  it('shows the left navigation anchors and the four sections', async () => {
    renderAccount({ route: '/settings', profile: profile(), routes: routes() });
    const nav = await screen.findByRole('navigation', { name: 'Settings sections' });
    for (const [label, anchor] of [
      ['Name', '#name'],
      ['Address', '#address'],
      ['User Type', '#user-type'],
      ['Photo', '#photo'],
      ['Email Address', '#email-address'],
      ['Manage Payment Options', '#payment-options'],
      ['Delete Account', '#delete-account'],
    ])
      expect(within(nav).getByRole('link', { name: label })).toHaveAttribute('href', anchor);
    for (const name of ['Profile', 'Email Settings', 'Payment Settings', 'Security'])
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    expect(document.getElementById('profile')).not.toBeNull();
    expect(document.getElementById('subscription-status')).not.toBeNull();
  });

  it('shows the profile read-only until Edit, then saves with Save', async () => {
    const { ui, server, toasts, profileEvents } = renderAccount({
      route: '/settings',
      profile: profile(),
      routes: routes({ 'PUT /v2/accounts/contact_details': { status: 204 } }),
    });
    const first = await screen.findByLabelText(/First Name/);
    expect(first).toBeDisabled();
    expect(first).toHaveValue('Jane');
    expect(screen.getByRole('combobox', { name: /Country/ })).toHaveValue('AU');
    await ui.click(screen.getByRole('button', { name: 'Edit' }));
    expect(first).toBeEnabled();
    await ui.clear(first);
    await ui.type(first, 'Janet');
    await ui.selectOptions(screen.getByLabelText(/User type/), 'agronomist');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastMessages(toasts)).toContain('Profile successfully updated'));
    const [put] = server.find('PUT', '/v2/accounts/contact_details');
    expect(put?.body).toMatchObject({
      data: { first_name: 'Janet', last_name: 'Farmer', user_type: 'agronomist', country: 'AU', post_code: '2650' },
    });
    expect(profileEvents).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByLabelText(/First Name/)).toHaveValue('Janet');
    expect(screen.getByLabelText(/First Name/)).toBeDisabled();
  });

  it('shows the phone and the address kept by a checkout: an AU State choice and a Postcode', async () => {
    renderAccount({ route: '/settings', profile: profile(), routes: routes() });
    expect(await screen.findByRole('textbox', { name: /Mobile|Phone/ })).toHaveValue('0400 000 000');
    expect(screen.getByRole('textbox', { name: 'Street address' })).toHaveValue('1 Long Paddock Rd');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('NSW');
    expect(screen.getByRole('textbox', { name: 'Postcode' })).toHaveValue('2650');
    expect(screen.getByRole('textbox', { name: 'Suburb or town' })).toHaveValue('Wagga Wagga');
  });

  it("blocks the save with 'Email address is required.' when the e-mail is blank", async () => {
    const { ui, server, toasts } = renderAccount({ route: '/settings', profile: profile(), routes: routes() });
    await ui.click(await screen.findByRole('button', { name: 'Edit' }));
    await ui.clear(screen.getByRole('textbox', { name: /^Email\b/ }));
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(toastMessages(toasts)).toContain('Email address is required.');
    expect(server.find('PUT', '/v2/accounts/contact_details')).toHaveLength(0);
    expect(server.find('POST', '/v2/accounts/contact_details')).toHaveLength(0);
  });

  it('Cancel puts the saved values back', async () => {
    const { ui } = renderAccount({ route: '/settings', profile: profile(), routes: routes() });
    await ui.click(await screen.findByRole('button', { name: 'Edit' }));
    await ui.clear(screen.getByLabelText(/First Name/));
    await ui.type(screen.getByLabelText(/First Name/), 'Zed');
    await ui.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText(/First Name/)).toHaveValue('Jane');
  });

  it("changes the e-mail: 'Email successfully updated', then the page reloads", async () => {
    jest.useFakeTimers();
    const reload = jest.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    try {
      const { ui, server, toasts } = renderAccount({
        route: '/settings',
        profile: profile(),
        advanceTimers: jest.advanceTimersByTime,
        routes: routes({
          'PATCH /v2/accounts/email': {
            status: 200,
            body: { email: 'new@farm.example', email_verified: false, verification_sent: true },
          },
        }),
      });
      await ui.click(await screen.findByRole('button', { name: 'Change Email Address' }));
      const dialog = await screen.findByRole('dialog', { name: 'Change Email Address' });
      await ui.type(within(dialog).getByLabelText(/New email address/), 'new@farm.example');
      await ui.click(within(dialog).getByRole('button', { name: 'Change Email Address' }));
      await waitFor(() => expect(toastMessages(toasts)).toContain('Email successfully updated'));
      expect(server.find('PATCH', '/v2/accounts/email')[0]?.body).toEqual({ email: 'new@farm.example' });
      expect(reload).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(pageReload.delayMs));
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      reload.mockRestore();
      jest.useRealTimers();
    }
  });

  it('shows the server message when the e-mail change fails, and does not reload', async () => {
    const reload = jest.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    try {
      const { ui, toasts } = renderAccount({
        route: '/settings',
        profile: profile(),
        routes: routes({
          'PATCH /v2/accounts/email': { status: 409, body: { detail: 'This email address is already in use' } },
        }),
      });
      await ui.click(await screen.findByRole('button', { name: 'Change Email Address' }));
      const dialog = await screen.findByRole('dialog');
      await ui.type(within(dialog).getByLabelText(/New email address/), 'taken@farm.example');
      await ui.click(within(dialog).getByRole('button', { name: 'Change Email Address' }));
      await waitFor(() => expect(toastMessages(toasts)).toContain('This email address is already in use'));
      expect(reload).not.toHaveBeenCalled();
    } finally {
      reload.mockRestore();
    }
  });

  it("'Delete Account' tells the user to contact support", async () => {
    const { ui } = renderAccount({ route: '/settings', profile: profile(), routes: routes() });
    await ui.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Account' });
    expect(within(dialog).getByRole('link', { name: 'support@paddock.example' })).toHaveAttribute(
      'href',
      expect.stringContaining('mailto:support@paddock.example'),
    );
    await ui.click(within(dialog).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("'Manage Payment Options' toasts a billing-portal error", async () => {
    const { ui, toasts } = renderAccount({
      route: '/settings',
      profile: profile(),
      routes: routes({
        'GET /v2/subscriptions/portal': { status: 404, body: { detail: 'You have no subscription to manage yet' } },
      }),
    });
    await ui.click(await screen.findByRole('button', { name: 'Manage Payment Options' }));
    await waitFor(() => expect(toastMessages(toasts)).toContain('You have no subscription to manage yet'));
  });

  it('shows the plan in the subscription section', async () => {
    URL.createObjectURL = jest.fn(() => 'blob:document');
    URL.revokeObjectURL = jest.fn();
    const { ui } = renderAccount({
      route: '/settings#subscription-status',
      profile: profile(
        {},
        {
          tier: { key: 'premium', name: 'Advanced' },
          subscriptions: [{ id: 's', status: 'active', expires_at: '2027-05-01T00:00:00Z', cancelled_at: null }],
        },
      ),
      routes: routes({
        'GET /v2/subscriptions/price': {
          status: 200,
          body: {
            basePrice: 49900,
            actualPrice: 49900,
            discount: null,
            isValidDiscount: false,
            tax_rate: 10,
            currency: 'aud',
            stripe_product_id: 'prod_advanced',
          },
        },
        'GET /v2/documents': {
          status: 200,
          body: {
            data: [
              {
                id: 'd9',
                kind: 'tax_receipt',
                title: 'Tax Receipt',
                purpose: 'subscription',
                payment_id: 'p9',
                booking_id: null,
                invoice_number: 'HRI-000009',
                issued_on: '2026-05-01T00:00:00Z',
                total: 54890,
                gst: 4990,
                pending: false,
                url: '/v2/documents/d9',
                file_name: 'tax-receipt-HRI-000009.pdf',
              },
            ],
          },
        },
        'GET /v2/documents/d9': { status: 200, body: { pdf: true } },
        'GET /v2/accounts/profile': {
          status: 200,
          body: {
            data: profile(
              {},
              {
                tier: { key: 'premium', name: 'Advanced' },
                subscriptions: [{ id: 's', status: 'active', expires_at: '2027-05-01T00:00:00Z', cancelled_at: null }],
              },
            ),
          },
        },
      }),
    });
    const section = await screen.findByRole('region', { name: 'Subscription' });
    expect(within(section).getByText('Current plan').nextSibling).toHaveTextContent('Advanced');
    expect(within(section).getByText('Renews on').nextSibling).toHaveTextContent('1 May 2027');
    // The renewal price is said, and the first year's receipt can be opened.
    expect(await within(section).findByText('Renews at AU$499.00 + GST a year.')).toBeInTheDocument();
    await ui.click(await within(section).findByRole('button', { name: 'Tax Receipt HRI-000009' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Tax Receipt' }));
    expect(await dialog.findByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'download',
      'tax-receipt-HRI-000009.pdf',
    );
  });

  it("shows 'We encountered an error.' when the account cannot be loaded", async () => {
    renderAccount({
      route: '/settings',
      profile: profile(),
      routes: { 'GET /v2/accounts/contact_details': { status: 500, body: { detail: 'boom' } } },
    });
    expect(await screen.findByRole('heading', { name: 'We encountered an error.' })).toBeInTheDocument();
  });

  it('shows an e-mail change waiting for its verification beside the current address', async () => {
    const waiting = profile({ email: 'jane.farmer@example.com', pending_email: 'jane.new@example.com' });
    renderAccount({
      route: '/settings',
      profile: waiting,
      routes: routes({ 'GET /v2/accounts/profile': { status: 200, body: { data: waiting } } }),
    });
    const section = await screen.findByRole('region', { name: 'Email Settings' });
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'Changing to jane.new@example.com: open the link we sent to that address to finish.',
    );
    expect(within(section).getByText('jane.farmer@example.com')).toBeInTheDocument();
  });

  it('shows the address the server now has (a verified change) rather than the one the host handed over', async () => {
    renderAccount({
      route: '/settings',
      profile: profile({ email: 'jane.farmer@example.com', pending_email: 'jane.new@example.com' }),
      routes: routes({
        'GET /v2/accounts/profile': {
          status: 200,
          body: { data: profile({ email: 'jane.new@example.com', email_verified: true, pending_email: null }) },
        },
      }),
    });
    const section = await screen.findByRole('region', { name: 'Email Settings' });
    expect(await within(section).findByText('jane.new@example.com')).toBeInTheDocument();
    expect(within(section).queryByRole('status')).toBeNull();
  });

  it('uses the sign-in user for the e-mail line', async () => {
    renderAccount({
      route: '/settings',
      profile: profile({ email: null }),
      user: makeUser({ email: 'who@x.example' }),
      routes: routes({ 'GET /v2/accounts/profile': { status: 200, body: { data: profile({ email: null }) } } }),
    });
    expect(await screen.findByText('who@x.example')).toBeInTheDocument();
  });
});
