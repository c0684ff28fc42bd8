import { act, screen } from '@testing-library/react';
import { makeField } from '../testing/fixtures';
import { renderOverMap } from '../testing/harness';
import { FieldMenu } from './FieldMenu';

const noop = () => undefined;

describe('field menu in zoning mode (spec 2 §2, spec 1 §4.4)', () => {
  function renderZoningMenu() {
    const view = renderOverMap(
      <FieldMenu status={{ status: 'success' }} onRetry={noop} onImport={noop} onDelete={noop} />,
      {
        fields: [
          makeField('small', { field_name: 'Creek Paddock', area: 799.9 }),
          makeField('large', { field_name: 'Big Plain', area: 800 }, 1),
        ],
      },
    );
    act(() => view.store.getState().setMode('zoning'));
    return view;
  }

  it("is titled 'Zoning' with 'Search for field name...' and no field editing", () => {
    renderZoningMenu();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Zoning');
    expect(screen.getByPlaceholderText('Search for field name...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Fields' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Creek Paddock' })).not.toBeInTheDocument();
  });

  it('disables a field of 800 ha or more with the reason, and a smaller one can be chosen', async () => {
    const { ui, store } = renderZoningMenu();
    const large = screen.getByRole('checkbox', { name: 'Big Plain' });
    expect(large).toBeDisabled();
    expect(large).toHaveAccessibleDescription(/Area must be below 800 ha to zone this field/);
    await ui.click(screen.getByRole('checkbox', { name: 'Creek Paddock' }));
    expect(store.getState().selectedFields).toEqual(['small']);
  });

  it('outside zoning the large field can be chosen and the menu keeps its farm title', async () => {
    const { ui, store } = renderOverMap(
      <FieldMenu status={{ status: 'success' }} onRetry={noop} onImport={noop} onDelete={noop} />,
      { fields: [makeField('large', { field_name: 'Big Plain', area: 900 })] },
    );
    expect(screen.getByPlaceholderText('Search fields')).toBeInTheDocument();
    await ui.click(screen.getByRole('checkbox', { name: 'Big Plain' }));
    expect(store.getState().selectedFields).toEqual(['large']);
  });
});

describe('field rows', () => {
  it('show each field’s crop colour beside its area and crop', () => {
    renderOverMap(<FieldMenu status={{ status: 'success' }} onRetry={noop} onImport={noop} onDelete={noop} />, {
      fields: [makeField('w', { field_name: 'Home', field_crop_type: 'Wheat' })],
    });
    const meta = screen.getByText(/ha · Wheat/);
    expect(meta.querySelector('[aria-hidden="true"]')).toHaveStyle({ background: '#d4a017' });
  });

  it('show each field’s latest NDVI thumbnail from the server, and only the crop colour without one', async () => {
    const created = jest.fn(() => 'blob:thumbnail');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
    const { server } = renderOverMap(
      <FieldMenu status={{ status: 'success' }} onRetry={noop} onImport={noop} onDelete={noop} />,
      {
        fields: [makeField('w', { field_name: 'Home' }), makeField('n', { field_name: 'New' }, 1)],
        routes: {
          'GET /v2/fields/w/thumbnail.png': { status: 200, body: 'png bytes' },
          'GET /v2/fields/n/thumbnail.png': { status: 204 },
        },
      },
    );
    const thumbnails = await screen.findAllByTestId('field-thumbnail');
    expect(thumbnails).toHaveLength(1);
    expect(thumbnails[0]).toHaveAttribute('src', 'blob:thumbnail');
    expect(server.find('GET', '/v2/fields/n/thumbnail.png')).toHaveLength(1);
  });
});
