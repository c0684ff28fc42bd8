import { screen, waitFor } from '@testing-library/react';
import type { SeenRequest } from '@paddock/shared/testing';
import { makeField } from '../testing/fixtures';
import { advancedProfile, renderOverMap } from '../testing/harness';
import { FieldMenu } from './FieldMenu';

const noop = () => undefined;
const crops = { status: 200, body: { data: { crop_types: ['Barley', 'Canola', 'Wheat', 'Other'] } } };
const fields = [
  makeField('a', { field_name: 'North', field_crop_type: 'Wheat' }),
  makeField('b', { field_name: 'South', field_crop_type: 'Other' }, 1),
];

/** PATCH v2/farms/{farm_id}/fields/crop_type as the api answers: the fields with their new crop. */
const setCrop = (request: SeenRequest) => {
  const body = request.body as { field_ids: string[]; field_crop_type: string };
  return {
    status: 200,
    body: {
      type: 'FeatureCollection',
      features: body.field_ids.map((id, index) =>
        makeField(id, { field_name: id === 'a' ? 'North' : 'South', field_crop_type: body.field_crop_type }, index),
      ),
      bbox: null,
    },
  };
};

function renderMenu(farmRole: 'owner' | 'viewer' = 'owner', selected = ['a', 'b']) {
  return renderOverMap(<FieldMenu status={{ status: 'success' }} onRetry={noop} onImport={noop} onDelete={noop} />, {
    fields,
    farmRole,
    selected,
    profile: advancedProfile('field:multi_select'),
    routes: { 'GET /v2/farms/crop_types/list': crops, 'PATCH /v2/farms/f1/fields/crop_type': setCrop },
  });
}

describe('setting the crop of selected fields in the field list (issue 10 §6)', () => {
  it('sets the crop of every selected field in one request and shows it at once', async () => {
    const { ui, server, fieldsNow, toasts } = renderMenu();
    await ui.click(screen.getByRole('button', { name: /Set crop of 2 fields/ }));
    await ui.click(await screen.findByRole('option', { name: 'Canola' }));
    await waitFor(() => expect(fieldsNow().map((f) => f.properties.field_crop_type)).toEqual(['Canola', 'Canola']));
    expect(server.find('PATCH', '/v2/farms/f1/fields/crop_type')[0]?.body).toEqual({
      field_ids: ['a', 'b'],
      field_crop_type: 'Canola',
    });
    expect(toasts).toContainEqual({ kind: 'success', message: '2 fields set to Canola' });
  }, 20_000);

  it('is not offered to viewers', () => {
    renderMenu('viewer');
    expect(screen.queryByRole('button', { name: /Set crop/ })).not.toBeInTheDocument();
  });

  it('is not offered without a selection', () => {
    renderMenu('owner', []);
    expect(screen.queryByRole('button', { name: /Set crop/ })).not.toBeInTheDocument();
  });
});
