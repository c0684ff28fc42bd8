import { screen, within } from '@testing-library/react';
import type { Booking } from '@paddock/shared/contracts';
import type { SeenRequest } from '@paddock/shared/testing';
import { renderCommerce } from '../../testing/harness';

const booking = (n: number, status: Booking['status'] = 'confirmed'): Booking => ({
  id: `0000000${n % 10}-aaaa-4bbb-8ccc-${String(n).padStart(12, '0')}`,
  start_date: '2027-01-10',
  end_date: '2027-01-12',
  address1: '1 Long Paddock Rd',
  address2: '',
  city: 'Wagga Wagga',
  state: 'NSW',
  country: 'AU',
  machine_id: `EM-0${(n % 3) + 1}`,
  status,
  amount: 110_000,
  created_on: '2026-11-22T10:00:00Z',
});

/** 12 bookings, served 10 a page as the API does. */
function bookingsRoute(request: SeenRequest) {
  const query = new URL(request.url).searchParams;
  const skip = Number(query.get('skip'));
  const limit = Number(query.get('limit'));
  const all = Array.from({ length: 12 }, (_, i) => booking(i + 1, i === 0 ? 'booked' : 'confirmed'));
  return {
    status: 200,
    body: {
      data: all.slice(skip, skip + limit),
      pages: { total_pages: Math.ceil(all.length / limit), total_count: all.length, skip, limit },
    },
  };
}

describe('/order', () => {
  it('opens on the imagery orders tab with its empty state', async () => {
    renderCommerce({
      route: '/order',
      routes: {
        'GET /v2/orders': {
          status: 200,
          body: { orders: [], pages: { total_pages: 0, total_count: 0, skip: 0, limit: 10 } },
        },
      },
    });
    expect(
      await screen.findByRole('tab', { name: 'High Resolution Imagery Orders', selected: true }),
    ).toBeInTheDocument();
    expect(await screen.findByText('You have no high resolution imagery orders yet.')).toBeInTheDocument();
  });

  it('lists the Rapid-EM bookings 10 a page, "booked" shown as "attempted booking"', async () => {
    const { ui, server } = renderCommerce({
      route: '/order',
      state: { tab: 'bookings' },
      routes: { 'GET /v2/sensors/em/bookings': bookingsRoute },
    });
    const table = await screen.findByRole('table', { name: 'Rapid-EM bookings' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getByText('attempted booking')).toBeInTheDocument();
    expect(within(table).getAllByText('10 Jan 2027')).toHaveLength(10);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await ui.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Rapid-EM bookings' })).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    const asked = server.find('GET', '/v2/sensors/em/bookings').map((r) => new URL(r.url).searchParams.get('skip'));
    expect(asked).toEqual(['0', '10']);
  });

  it('says when there are no bookings yet', async () => {
    const { ui } = renderCommerce({
      route: '/order',
      routes: {
        'GET /v2/sensors/em/bookings': {
          status: 200,
          body: { data: [], pages: { total_pages: 0, total_count: 0, skip: 0, limit: 10 } },
        },
      },
    });
    await ui.click(await screen.findByRole('tab', { name: 'Rapid-EM Bookings' }));
    expect(await screen.findByText('You have no Rapid-EM bookings yet.')).toBeInTheDocument();
  });
});

describe('/order: every purchase', () => {
  const zoningOrder = {
    id: 'z1',
    farm_id: 'f1',
    farm_name: 'Kimba North',
    payment_id: 'p1',
    status: 'paid',
    algorithm: 'standard_NDVI',
    catalog_entry: '2026-11-04',
    num_zones: 3,
    zone_resolution: 2,
    fields: ['a', 'b'],
    field_names: ['East paddock', 'West paddock'],
    zones: '{"type":"FeatureCollection","features":[]}',
    area: 209.4,
    price: 94_500,
    download_key: 'k1',
    created_on: '2026-11-20T00:00:00Z',
    paid_on: '2026-11-20T00:00:01Z',
  };
  const receipt = (id: string, extra: Record<string, unknown>) => ({
    id,
    kind: 'tax_receipt',
    title: 'Tax Receipt',
    purpose: 'cart',
    payment_id: 'p1',
    booking_id: null,
    invoice_number: `HRI-00000${id.slice(-1)}`,
    issued_on: '2026-11-20T00:00:02Z',
    total: 94_500,
    gst: 8_591,
    pending: false,
    url: `/v2/documents/${id}`,
    file_name: `tax-receipt-${id}.pdf`,
    ...extra,
  });

  it('the zoning tab: farm, fields, zones, product, amount, date, its tax receipt and the zones on the map', async () => {
    const { ui } = renderCommerce({
      route: '/order',
      state: { tab: 'zoning' },
      routes: {
        'GET /v2/zoning/orders': { status: 200, body: { data: [zoningOrder] } },
        'GET /v2/documents': { status: 200, body: { data: [receipt('d1', {})] } },
      },
    });
    expect(await screen.findByRole('tab', { name: 'VRT Zoning Orders', selected: true })).toBeInTheDocument();
    const table = within(await screen.findByRole('table', { name: 'Zoning orders' }));
    const row = within(table.getByRole('row', { name: /Kimba North/ }));
    expect(row.getByText('East paddock, West paddock')).toBeInTheDocument();
    expect(row.getByText('3 zones · 209.40 ha')).toBeInTheDocument();
    expect(row.getByText('VRT zoning · NDVI (standard)')).toBeInTheDocument();
    expect(row.getByText('$945.00')).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'View zones of Kimba North' })).toHaveAttribute('href', '/farms/f1?zone=z1');
    await ui.click(await row.findByRole('button', { name: 'Tax Receipt of Kimba North' }));
    expect(await screen.findByRole('dialog', { name: 'Tax Receipt' })).toBeInTheDocument();
  });

  it("a confirmed booking offers its tax receipt; an attempted one doesn't", async () => {
    renderCommerce({
      route: '/order',
      state: { tab: 'bookings' },
      routes: {
        'GET /v2/sensors/em/bookings': bookingsRoute,
        'GET /v2/documents': {
          status: 200,
          body: { data: [receipt('d2', { purpose: 'em_booking', payment_id: 'p2', booking_id: booking(2).id })] },
        },
      },
    });
    const table = within(await screen.findByRole('table', { name: 'Rapid-EM bookings' }));
    expect(
      await table.findByRole('button', { name: `Tax Receipt of booking ${booking(2).id.slice(0, 8)}` }),
    ).toBeInTheDocument();
    expect(table.queryByRole('button', { name: `Tax Receipt of booking ${booking(1).id.slice(0, 8)}` })).toBeNull();
  });
});
