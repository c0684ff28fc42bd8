import { screen, waitFor, within } from '@testing-library/react';
import { getLocalTimeZone, today } from '@internationalized/date';
import type { Routes } from '@paddock/shared/testing';
import { renderCommerce } from '../../testing/harness';

const TAKEN = 'Your desired dates have been booked by another customer. Try selecting different dates.';

/** A day of next month (the calendar's second month), as React Aria names the cell. */
function nextMonth(day: number) {
  const date = today(getLocalTimeZone()).add({ months: 1 }).set({ day });
  const js = date.toDate(getLocalTimeZone());
  return {
    iso: date.toString(),
    name: new RegExp(`${js.toLocaleString('en-US', { month: 'long' })} ${day}, ${js.getFullYear()}`),
  };
}

const machines = (reserved: { start_date: string; end_date: string }[] = []) => [
  { machine_id: 'EM-01', name: 'Rapid-EM machine 1', reserved_dates: reserved },
  { machine_id: 'EM-02', name: 'Rapid-EM machine 2', reserved_dates: [] },
];

function routes(overrides: Routes = {}): Routes {
  return {
    'GET /v2/sensors/em/machines': { status: 200, body: machines() },
    'GET /v2/sensors/em/price': { status: 200, body: { minimum_fee: 100_000, tax_rate: 10 } },
    'GET /v2/accounts/contact_details': { status: 200, body: { data: { country: 'AU' } } },
    'GET /v2/payments/config': {
      status: 200,
      body: { provider: 'test', publishableKey: 'pk_test_x', apiUrl: 'http://api.test/test-provider' },
    },
    'POST /v2/sensors/em/reserve': { status: 200, body: { reservation_id: 'r1', expires_on: '2030-01-01T00:00:00Z' } },
    ...overrides,
  };
}

async function renderBooking(overrides: Routes = {}) {
  const view = renderCommerce({ route: '/rapid-em-booking', routes: routes(overrides) });
  await screen.findByRole('heading', { name: 'Choose a machine and your dates' });
  return view;
}

const calendar = () => within(screen.getByRole('application', { name: /Booking dates/ }));

describe('/rapid-em-booking', () => {
  it('shows the stepper, the note for bookings outside Australia and the fee; Next waits for days', async () => {
    await renderBooking();
    expect(screen.getByRole('list', { name: 'Booking steps' })).toHaveTextContent(/1\s*Book.*2\s*Review.*3\s*Payment/);
    expect(screen.getByRole('note')).toHaveTextContent(/outside Australia/);
    expect(screen.getByText(/Upfront hire fee: \$1,000\.00/)).toBeInTheDocument();
    expect(screen.getByText(/\$4\/ha plus freight/)).toBeInTheDocument();
    expect(screen.getByText('Next', { selector: 'button' })).toBeDisabled();
  });

  it('refuses fewer than 3 days with the message and reserves nothing', async () => {
    const { ui, server } = await renderBooking();
    await ui.click(calendar().getByRole('button', { name: nextMonth(10).name }));
    await ui.click(calendar().getByRole('button', { name: nextMonth(11).name }));
    expect(screen.getByText('2 days selected')).toBeInTheDocument();
    await ui.click(screen.getByText('Next', { selector: 'button' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select at least 3 days for booking a machine.');
    expect(server.find('POST', '/v2/sensors/em/reserve')).toHaveLength(0);
  });

  it('clears a range that starts and ends on the same day', async () => {
    const { ui } = await renderBooking();
    const cell = calendar().getByRole('button', { name: nextMonth(10).name });
    await ui.click(cell);
    await ui.click(cell);
    expect(screen.getByText('No days selected')).toBeInTheDocument();
    expect(screen.getByText('Next', { selector: 'button' })).toBeDisabled();
  });

  it('disables reserved days of the chosen machine', async () => {
    const taken = { start_date: nextMonth(12).iso, end_date: nextMonth(14).iso };
    await renderBooking({ 'GET /v2/sensors/em/machines': { status: 200, body: machines([taken]) } });
    expect(calendar().getByRole('button', { name: nextMonth(13).name })).toHaveAttribute('aria-disabled', 'true');
  });

  it('reserves 3 days on Next, then reviews with the terms and GST for an Australian account', async () => {
    const { ui, server } = await renderBooking();
    await ui.click(calendar().getByRole('button', { name: nextMonth(10).name }));
    await ui.click(calendar().getByRole('button', { name: nextMonth(12).name }));
    await ui.click(screen.getByText('Next', { selector: 'button' }));
    expect(await screen.findByRole('heading', { name: 'Review your booking' })).toBeInTheDocument();
    expect(server.find('POST', '/v2/sensors/em/reserve')[0]?.body).toEqual({
      machine_id: 'EM-01',
      start_date: nextMonth(10).iso,
      end_date: nextMonth(12).iso,
    });
    expect(screen.getByText('AU$1,100.00')).toBeInTheDocument();
    const proceed = screen.getByRole('button', { name: 'Proceed' });
    expect(proceed).toBeDisabled();
    await ui.click(screen.getByText('I have read and agree to the terms and conditions.'));
    await ui.click(proceed);
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeInTheDocument();
    expect(screen.getAllByLabelText('Country')[0]).toBeDisabled();
  });

  it('taken dates: the message as a toast, the selection cleared and the machines reloaded', async () => {
    const { ui, server, toasts } = await renderBooking({
      'POST /v2/sensors/em/reserve': { status: 409, body: { detail: TAKEN, machines: machines() } },
    });
    await ui.click(calendar().getByRole('button', { name: nextMonth(10).name }));
    await ui.click(calendar().getByRole('button', { name: nextMonth(12).name }));
    await ui.click(screen.getByText('Next', { selector: 'button' }));
    expect(await screen.findByText('No days selected')).toBeInTheDocument();
    expect(toasts).toContainEqual({ kind: 'error', message: TAKEN });
    expect(server.find('GET', '/v2/sensors/em/machines').length).toBeGreaterThanOrEqual(2);
  });

  it("the hold limit (429): the server's words as a toast, the dates kept so the user can try later", async () => {
    const LIMIT = 'You have reserved machines 10 times in the last hour. Please wait a while before reserving again.';
    const { ui, toasts } = await renderBooking({
      'POST /v2/sensors/em/reserve': { status: 429, body: { detail: LIMIT } },
    });
    await ui.click(calendar().getByRole('button', { name: nextMonth(10).name }));
    await ui.click(calendar().getByRole('button', { name: nextMonth(12).name }));
    await ui.click(screen.getByText('Next', { selector: 'button' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'error', message: LIMIT }));
    expect(toasts.filter((toast) => toast.kind === 'error')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Choose a machine and your dates' })).toBeInTheDocument();
    expect(screen.getByText('3 days selected')).toBeInTheDocument();
    expect(screen.getByText('Next', { selector: 'button' })).toBeEnabled();
  });

  it('shows GST on a booking whatever the profile country (every booking is supplied in Australia)', async () => {
    const { ui } = await renderBooking({
      'GET /v2/accounts/contact_details': { status: 200, body: { data: { country: 'NZ' } } },
    });
    expect(screen.getByText(/Upfront hire fee: \$1,000\.00/).closest('p')).toHaveTextContent(
      'Upfront hire fee: $1,000.00 + GST',
    );
    await ui.click(calendar().getByRole('button', { name: nextMonth(10).name }));
    await ui.click(calendar().getByRole('button', { name: nextMonth(12).name }));
    await ui.click(screen.getByText('Next', { selector: 'button' }));
    expect(await screen.findByRole('heading', { name: 'Review your booking' })).toBeInTheDocument();
    expect(screen.getByText('AU$1,100.00')).toBeInTheDocument();
  });

  it('the success screen', async () => {
    renderCommerce({ route: '/rapid-em-booking/success', routes: routes() });
    expect(
      await screen.findByRole('heading', { name: 'HOORAY! You have successfully booked an EM Machine!' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Dashboard' })).toBeInTheDocument();
  });

  it('the success screen leads to the bookings tab of /order', async () => {
    const { ui } = renderCommerce({
      route: '/rapid-em-booking/success',
      routes: {
        ...routes(),
        'GET /v2/sensors/em/bookings': {
          status: 200,
          body: { data: [], pages: { total_pages: 0, total_count: 0, skip: 0, limit: 10 } },
        },
      },
    });
    await ui.click(await screen.findByRole('button', { name: 'View my bookings' }));
    expect(await screen.findByRole('tab', { name: 'Rapid-EM Bookings', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('You have no Rapid-EM bookings yet.')).toBeInTheDocument();
  });

  describe('back from 3-D Secure', () => {
    const receipt = {
      id: 'd9',
      kind: 'tax_receipt',
      title: 'Tax Receipt',
      purpose: 'em_booking',
      payment_id: 'p9',
      booking_id: 'r1',
      invoice_number: 'HRI-000009',
      issued_on: '2026-11-20T00:00:02Z',
      total: 110_000,
      gst: 10_000,
      pending: false,
      url: '/v2/documents/d9',
      file_name: 'tax-receipt-HRI-000009.pdf',
    };
    const returnRoute =
      '/rapid-em-booking?payment=p9&payment_intent=pi_9&payment_intent_client_secret=pi_9_secret_s&redirect_status=succeeded';

    beforeAll(() => {
      // jsdom has no object URLs; the document modal shows the PDF through one.
      URL.createObjectURL = jest.fn(() => 'blob:document');
      URL.revokeObjectURL = jest.fn();
    });

    it('an authenticated payment resumes and ends on the booking’s success with its Tax Receipt', async () => {
      const { ui, server } = renderCommerce({
        route: returnRoute,
        routes: routes({
          'GET /test-provider/v1/payment_intents/pi_9': { status: 200, body: { id: 'pi_9', status: 'succeeded' } },
          'GET /v2/documents': { status: 200, body: { data: [receipt] } },
          'GET /v2/documents/d9': { status: 200, body: { pdf: true } },
        }),
      });
      expect(
        await screen.findByRole('heading', { name: 'HOORAY! You have successfully booked an EM Machine!' }),
      ).toBeInTheDocument();
      const [status] = server.find('GET', '/test-provider/v1/payment_intents/pi_9');
      expect(new URL(status?.url as string).searchParams.get('client_secret')).toBe('pi_9_secret_s');
      await ui.click(await screen.findByRole('button', { name: 'Tax Receipt' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Tax Receipt' }));
      expect(await dialog.findByRole('link', { name: 'Download PDF' })).toHaveAttribute(
        'download',
        'tax-receipt-HRI-000009.pdf',
      );
      expect(new URL(server.find('GET', '/v2/documents')[0]?.url as string).search).toBe('?payment_id=p9');
      // Nothing was booked or charged again on the way back.
      expect(server.find('POST', '/v2/sensors/em/book')).toHaveLength(0);
    });

    it('a failed authentication says why and starts the booking again', async () => {
      const { toasts } = renderCommerce({
        route: returnRoute.replace('succeeded', 'failed'),
        routes: routes({
          'GET /test-provider/v1/payment_intents/pi_9': {
            status: 200,
            body: {
              id: 'pi_9',
              status: 'requires_payment_method',
              last_payment_error: { message: 'We are unable to authenticate your payment method.' },
            },
          },
        }),
      });
      expect(await screen.findByRole('heading', { name: 'Choose a machine and your dates' })).toBeInTheDocument();
      await waitFor(() =>
        expect(toasts).toContainEqual(
          expect.objectContaining({ kind: 'error', message: 'We are unable to authenticate your payment method.' }),
        ),
      );
    });
  });
});
