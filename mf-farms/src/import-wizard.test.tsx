import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreateFieldsRequest } from '@paddock/shared/contracts';
import { fakeMfProps, fakeServer, type FakeReply, type SeenRequest } from '@paddock/shared/testing';
import { mountImportWizard } from './import-wizard';
import { convertReply, makeField, squareFeature } from './testing/fixtures';

const farm = { farm_id: 'f9', farm_name: 'Home Block' };

const fieldsCreated = (request: SeenRequest) => {
  const { features } = request.body as CreateFieldsRequest;
  return {
    status: 201,
    body: {
      type: 'FeatureCollection',
      features: features.map((_, i) => makeField({ id: `n${i}`, farm_id: 'f9' })),
      bbox: null,
    },
  };
};

const converted = [
  squareFeature({ Name: 'Dam paddock', crop_name: 'CANOLA' }),
  squareFeature({ Name: 'Back' }, 147.02),
];

function mountWithServer(convert: FakeReply = convertReply(converted)) {
  const server = fakeServer({
    'GET /v2/farms/crop_types/list': { status: 200, body: { data: { crop_types: ['Canola', 'Other'] } } },
    'POST /v2/convert': convert,
    'POST /v2/farms/f9/fields': fieldsCreated,
  });
  jest.spyOn(globalThis, 'fetch').mockImplementation(server.fetch);
  const element = document.createElement('div');
  document.body.append(element);
  const onClose = jest.fn();
  const onSaved = jest.fn();
  let unmount: () => void = () => undefined;
  act(() => {
    unmount = mountImportWizard(element, { props: fakeMfProps(), farm, onClose, onSaved });
  });
  return { server, onClose, onSaved, unmount: () => act(() => unmount()) };
}

afterEach(() => jest.restoreAllMocks());

describe('mountImportWizard (the map’s Import Field)', () => {
  it('adds the fields of a KML to the given farm without creating one, and reports how many', async () => {
    const ui = userEvent.setup();
    const { server, onClose, onSaved, unmount } = mountWithServer();
    const wizard = within(await screen.findByRole('dialog', { name: 'Import fields into Home Block' }));

    await ui.click(wizard.getByRole('radio', { name: 'KML or KMZ' }));
    await ui.upload(wizard.getByLabelText('Files to upload'), [new File(['<kml/>'], 'block.kml')]);
    await ui.click(wizard.getByRole('button', { name: 'Next' }));
    await ui.click(await wizard.findByRole('button', { name: /Field Name/ }));
    await ui.click(await screen.findByRole('option', { name: 'Name' }));
    await ui.click(wizard.getByRole('button', { name: 'Save' }));

    expect(await wizard.findByText(/2 fields were added to Home Block/)).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledWith({ fieldsAdded: 2 });
    expect(server.find('POST', '/v2/farms')).toHaveLength(0);
    const sent = server.find('POST', '/v2/farms/f9/fields')[0]?.body as CreateFieldsRequest;
    expect(sent.features.map((f) => f.properties)).toEqual([
      { field_name: 'Dam paddock', field_crop_type: 'Canola' },
      { field_name: 'Back', field_crop_type: 'Other' },
    ]);
    expect(wizard.queryByRole('button', { name: 'Proceed to Crop Management' })).not.toBeInTheDocument();

    await ui.click(wizard.getByRole('button', { name: 'Exit & Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    unmount();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks about the farm it adds to when some features did not convert', async () => {
    const ui = userEvent.setup();
    const { unmount } = mountWithServer(
      convertReply(converted, [{ index: 3, name: 'Shed', reason: 'It is a point, not an area.' }]),
    );
    const wizard = within(await screen.findByRole('dialog', { name: 'Import fields into Home Block' }));
    await ui.upload(
      wizard.getByLabelText('Files to upload'),
      ['shp', 'shx', 'dbf'].map((ext) => new File(['x'], `block.${ext}`)),
    );
    await ui.click(wizard.getByRole('button', { name: 'Next' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Uploading Failed' });
    expect(dialog).toHaveTextContent('Shed: It is a point, not an area.');
    expect(dialog).toHaveTextContent('Do you want to skip these fields and add the others to Home Block?');
    unmount();
  });
});
