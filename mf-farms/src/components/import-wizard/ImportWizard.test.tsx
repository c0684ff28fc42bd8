import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CreateFieldsRequest } from '@paddock/shared/contracts';
import type { SeenRequest } from '@paddock/shared/testing';
import { convertReply, detailReply, listReply, makeFarm, makeField, squareFeature } from '../../testing/fixtures';
import { navigatedTo, renderFarms, toastMessages, type Routes } from '../../testing/harness';

const CONVERT = 'POST /v2/convert';
const FAILED_TOAST = 'Farm Upload failed. Contact support at support@paddock.example';
const created = makeFarm({ farm_id: 'new-1', farm_name: 'Riverside' });

const paddocks = [
  squareFeature({ NAME: 'North', crop_name: 'wheat' }),
  squareFeature({ NAME: 'Creek', crop_name: 'Quinoa' }, 147.02),
  squareFeature({ NAME: 'Hill' }, 147.04),
];

/** POST v2/farms/{id}/fields as the API answers: the fields it created. */
const fieldsCreated = (request: SeenRequest) => {
  const { features } = request.body as CreateFieldsRequest;
  const made = features.map((feature, index) =>
    makeField({ id: `x${index}`, farm_id: 'new-1', field_name: feature.properties.field_name }),
  );
  return { status: 201, body: { type: 'FeatureCollection', features: made, bbox: null } };
};

const baseRoutes: Routes = {
  'GET /v2/farms': listReply([]),
  'GET /v2/farms/crop_types/list': { status: 200, body: { data: { crop_types: ['Barley', 'Wheat', 'Other'] } } },
  'POST /v2/farms': { status: 201, body: created },
  'POST /v2/farms/new-1/fields': fieldsCreated,
};

const shapefile = (base = 'paddocks', extensions = ['shp', 'shx', 'dbf']) =>
  extensions.map((ext) => new File([`${ext} bytes`], `${base}.${ext}`));

async function openWizard(routes: Routes = {}) {
  const view = renderFarms({ route: '/farms', routes: { ...baseRoutes, ...routes } });
  await screen.findByRole('heading', { name: 'No farms yet' });
  await view.ui.click(screen.getAllByRole('button', { name: 'Create Farm' })[0] as HTMLElement);
  const create = await screen.findByRole('dialog', { name: 'Farm management done right.' });
  await view.ui.type(within(create).getByLabelText('Name of farm'), 'Riverside');
  await view.ui.click(within(create).getByRole('button', { name: 'Import farm from file' }));
  // The wizard loads lazily: a loading modal of the same name comes first.
  await screen.findByRole('list', { name: 'Import steps' });
  const wizard = screen.getByRole('dialog', { name: 'Import farm from file' });
  const w = within(wizard);
  const upload = (files: File[]) => view.ui.upload(w.getByLabelText('Files to upload'), files);
  /** A drag-and-drop: unlike the file picker, it brings any file, in the order the user picked them. */
  const drop = async (files: File[]) => {
    fireEvent.drop(w.getByRole('group', { name: 'Drop files here' }), {
      dataTransfer: {
        files,
        items: files.map((file) => ({ kind: 'file', type: file.type, getAsFile: () => file })),
        types: ['Files'],
      },
    });
    // react-dropzone reads the drop asynchronously.
    await act(async () => undefined);
  };
  const currentStep = () => wizard.querySelector('[aria-current="step"]')?.textContent;
  return { ...view, wizard, w, upload, drop, currentStep };
}

/** Upload File → Next with a complete shapefile; resolves on the Match Fields step. */
async function uploadShapefile(routes: Routes = {}) {
  const view = await openWizard({ [CONVERT]: convertReply(paddocks), ...routes });
  await view.upload(shapefile());
  await view.ui.click(view.w.getByRole('button', { name: 'Next' }));
  await view.w.findByRole('button', { name: /Field Name/ });
  return view;
}

const sampleNames = (wizard: HTMLElement) =>
  within(within(wizard).getByRole('list', { name: 'Fields to save' }))
    .getAllByRole('listitem')
    .map((item) => item.firstChild?.textContent);

const sampleCrops = (wizard: HTMLElement) =>
  within(within(wizard).getByRole('list', { name: 'Fields to save' }))
    .getAllByRole('listitem')
    .map((item) => item.lastChild?.textContent);

beforeEach(() => window.history.replaceState(null, '', '/farms'));

describe('upload wizard: Upload File', () => {
  it('shows the three steps, the file types and the size limit, with Next inactive until files are chosen', async () => {
    const { w, ui, currentStep, server } = await openWizard();
    expect(
      within(w.getByRole('list', { name: 'Import steps' }))
        .getAllByRole('listitem')
        .map((s) => s.textContent),
    ).toEqual(['Upload File', 'Match Fields', 'Save File']);
    expect(currentStep()).toBe('Upload File');
    expect(w.getByRole('radio', { name: 'Shapefile (.shp)' })).toBeChecked();
    expect(w.getByRole('radio', { name: 'KML or KMZ' })).not.toBeChecked();
    expect(w.getByText(/Up to 200 MB in total/)).toBeInTheDocument();

    const next = w.getByRole('button', { name: 'Next' });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await ui.click(next);
    expect(w.getByRole('alert')).toHaveTextContent('No file to upload');
    expect(server.find('POST', '/v2/convert')).toHaveLength(0);
  });

  it('asks for the other parts until .shp, .dbf and .shx are all there, and lets the user remove a file', async () => {
    const { w, ui, upload } = await openWizard();
    await upload(shapefile('paddocks', ['shp', 'prj']));
    expect(w.getByRole('alert')).toHaveTextContent('You need to upload other auxiliary files');
    expect(w.getByText('Still missing: .shx, .dbf')).toBeInTheDocument();
    expect(w.getByRole('button', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');

    await upload(shapefile('paddocks', ['dbf', 'shx']));
    expect(
      within(w.getByRole('list', { name: 'Chosen files' }))
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['paddocks.shp', 'paddocks.prj', 'paddocks.dbf', 'paddocks.shx']);
    expect(w.queryByRole('alert')).not.toBeInTheDocument();
    expect(w.getByRole('button', { name: 'Next' })).not.toHaveAttribute('aria-disabled');

    await ui.click(w.getByRole('button', { name: 'Remove paddocks.dbf' }));
    expect(w.getByRole('alert')).toHaveTextContent('You need to upload other auxiliary files');
    expect(w.getByText('Still missing: .dbf')).toBeInTheDocument();
  });

  it('refuses a drop whose first file is not a shapefile part, ignores other extensions, and checks the base name', async () => {
    const { w, drop } = await openWizard();
    await drop([new File(['x'], 'notes.txt'), ...shapefile()]);
    expect(w.getByRole('alert')).toHaveTextContent('File type is not supported.');
    expect(w.queryByRole('list', { name: 'Chosen files' })).not.toBeInTheDocument();

    await drop([...shapefile(), new File(['x'], 'notes.txt')]);
    expect(w.getByText('Left out (not shapefile parts): notes.txt')).toBeInTheDocument();
    expect(w.getByRole('button', { name: 'Next' })).not.toHaveAttribute('aria-disabled');

    await drop([new File(['x'], 'other.dbf')]);
    expect(w.getByRole('alert')).toHaveTextContent('All shapefile parts must share one base name.');
  });

  it('takes exactly one KML or KMZ when that type is chosen', async () => {
    const { w, ui, upload, drop } = await openWizard();
    await ui.click(w.getByRole('radio', { name: 'KML or KMZ' }));
    await drop([new File(['<kml/>'], 'farm.shp')]);
    expect(w.getByRole('alert')).toHaveTextContent('File type is not supported.');
    await drop([new File(['<kml/>'], 'a.kml'), new File(['<kml/>'], 'b.kml')]);
    expect(w.getByRole('alert')).toHaveTextContent('Choose one .kml or .kmz file.');
    await drop([new File(['<kml/>'], 'farm.shp')]);
    expect(w.getByRole('alert')).toHaveTextContent('File type is not supported.');
    await upload([new File(['<kml/>'], 'farm.kml')]);
    expect(w.getByRole('button', { name: 'Remove farm.kml' })).toBeInTheDocument();
    expect(w.getByRole('button', { name: 'Next' })).not.toHaveAttribute('aria-disabled');
  });

  it('uploads every file as a repeated multipart entry with the bearer token', async () => {
    const { server, currentStep } = await uploadShapefile();
    const [request] = server.find('POST', '/v2/convert');
    expect(request?.authorization).toBe('Bearer token-1');
    const files = (request?.body as FormData).getAll('files') as File[];
    expect(files.map((file) => file.name)).toEqual(['paddocks.shp', 'paddocks.shx', 'paddocks.dbf']);
    expect(await files[0]?.text()).toBe('shp bytes');
    expect(currentStep()).toBe('Match Fields');
  });

  it('toasts the failure with the support address and keeps the files for another try', async () => {
    const { w, ui, upload, toasts } = await openWizard({ [CONVERT]: detailReply('Internal Server Error', 500) });
    await upload(shapefile());
    await ui.click(w.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(toastMessages(toasts)).toEqual([FAILED_TOAST]));
    expect(w.getByRole('alert')).toHaveTextContent(FAILED_TOAST);
    expect(w.getByRole('button', { name: 'Remove paddocks.shp' })).toBeInTheDocument();
  });

  it("shows the API's own message for a 413 or 422 next to the toast, so the user knows what to fix", async () => {
    const { w, ui, upload, toasts } = await openWizard({
      [CONVERT]: detailReply(
        'The .prj file is missing and the coordinates are not longitudes and latitudes. Add the .prj file.',
        422,
      ),
    });
    await upload(shapefile());
    await ui.click(w.getByRole('button', { name: 'Next' }));
    expect(await w.findByRole('alert')).toHaveTextContent(
      'The .prj file is missing and the coordinates are not longitudes and latitudes. Add the .prj file.',
    );
    expect(toastMessages(toasts)).toEqual([FAILED_TOAST]);
    expect(w.getByRole('radio', { name: 'Shapefile (.shp)' })).toBeChecked();
    expect(w.getAllByRole('button', { name: /^Remove / })).toHaveLength(3);

    // Once the files change, the server's verdict on the old ones goes away.
    await upload([new File(['prj'], 'paddocks.prj')]);
    expect(w.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('upload wizard: partial conversion (206)', () => {
  const invalid = [
    { index: 2, name: null, reason: 'The boundary crosses itself and could not be repaired.' },
    { index: 5, name: 'Dam', reason: 'It is a point, not an area.' },
  ];

  async function partialUpload() {
    const view = await openWizard({ [CONVERT]: convertReply(paddocks.slice(0, 2), invalid) });
    await view.upload(shapefile());
    await view.ui.click(view.w.getByRole('button', { name: 'Next' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Uploading Failed' });
    return { ...view, dialog };
  }

  it('lists the fields that failed, numbered, and asks whether to skip them', async () => {
    const { dialog } = await partialUpload();
    expect(dialog).toHaveTextContent(
      'We encountered an error and failed to upload your fields. Below are the fields that were not able to upload:',
    );
    const items = within(within(dialog).getByRole('list'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Feature 2: The boundary crosses itself and could not be repaired.',
      'Dam: It is a point, not an area.',
    ]);
    expect(within(dialog).getByRole('list').tagName).toBe('OL');
    expect(dialog).toHaveTextContent('Do you want to skip these fields and create the farm?');
  });

  it("'Skip these files' carries on with the fields that converted", async () => {
    const { dialog, ui, w, currentStep } = await partialUpload();
    await ui.click(within(dialog).getByRole('button', { name: 'Skip these files' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(currentStep()).toBe('Match Fields');
    expect(
      within(w.getByRole('region', { name: 'Preview of the fields' })).getByText('2', { selector: 'dd' }),
    ).toBeInTheDocument();
  });

  it("'Cancel' stays on Upload File with the files as they were", async () => {
    const { dialog, ui, w, currentStep, server } = await partialUpload();
    await ui.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(currentStep()).toBe('Upload File');
    expect(w.getAllByRole('button', { name: /^Remove / })).toHaveLength(3);
    expect(server.find('POST', '/v2/farms')).toHaveLength(0);
  });
});

describe('upload wizard: Match Fields and Save File', () => {
  it("previews the fields' outline, count and total area, named 'field {n}' by default", async () => {
    const { wizard, w } = await uploadShapefile();
    const preview = within(w.getByRole('region', { name: 'Preview of the fields' }));
    expect(
      preview.getByRole('img', { name: 'Outline of the 3 fields' }).querySelector('path')?.getAttribute('d'),
    ).toMatch(/^M[\d. L]+Z/);
    expect(preview.getByText('3', { selector: 'dd' })).toBeInTheDocument();
    // Three 0.01° squares near Wagga Wagga, about 101.2 ha each.
    expect(preview.getByText(/^303\.\d\d ha$/)).toBeInTheDocument();
    expect(sampleNames(wizard)).toEqual(['field 1', 'field 2', 'field 3']);
  });

  it('names the fields from the chosen attribute, matches crop_name, creates the farm and its fields, and proceeds to its map', async () => {
    const { wizard, w, ui, server, currentStep, farmEvents } = await uploadShapefile();
    await ui.click(w.getByRole('button', { name: /Field Name/ }));
    await ui.click(await screen.findByRole('option', { name: 'NAME' }));
    expect(sampleNames(wizard)).toEqual(['North', 'Creek', 'Hill']);

    await ui.click(w.getByRole('button', { name: 'Save' }));
    expect(await w.findByRole('heading', { name: 'Your files were saved' })).toBeInTheDocument();
    expect(currentStep()).toBe('Save File');
    expect(w.getByText(/Riverside was created with 3 fields, 303\.\d\d ha in total\./)).toBeInTheDocument();

    expect(server.find('POST', '/v2/farms')[0]?.body).toEqual({ data: { farm_name: 'Riverside' } });
    const sent = server.find('POST', '/v2/farms/new-1/fields')[0]?.body as CreateFieldsRequest;
    expect(sent.type).toBe('FeatureCollection');
    expect(sent.features.map((f) => f.properties)).toEqual([
      { field_name: 'North', field_crop_type: 'Wheat' },
      { field_name: 'Creek', field_crop_type: 'Other' },
      { field_name: 'Hill', field_crop_type: 'Other' },
    ]);
    expect(sent.features[0]?.geometry).toEqual(paddocks[0]?.geometry);
    expect(farmEvents).toEqual([
      { farmId: 'new-1', change: 'created' },
      { farmId: 'new-1', change: 'updated' },
    ]);

    await ui.click(w.getByRole('button', { name: 'Proceed to Crop Management' }));
    expect(navigatedTo().path).toBe('/farms/new-1');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Import farm from file' })).not.toBeInTheDocument(),
    );
  });

  it('maps another attribute to the crop type (issue 10 §6), matching crops written as farm software writes them', async () => {
    const { wizard, w, ui, server } = await uploadShapefile({
      [CONVERT]: convertReply([
        squareFeature({ NAME: 'North', CROP: 'BARLEY - SPARTACUS' }),
        squareFeature({ NAME: 'Creek', CROP: 'wheat' }, 147.02),
        squareFeature({ NAME: 'Hill', CROP: 'Quinoa' }, 147.04),
      ]),
    });
    // A CROP attribute is taken for the crop type without asking; it can be changed.
    expect(w.getByRole('button', { name: /Crop Type/ })).toHaveTextContent('CROP');
    expect(sampleCrops(wizard)).toEqual(['Barley', 'Wheat', 'Other']);
    await ui.click(w.getByRole('button', { name: /Crop Type/ }));
    await ui.click(await screen.findByRole('option', { name: 'None (every field is Other)' }));
    expect(sampleCrops(wizard)).toEqual(['Other', 'Other', 'Other']);
    await ui.click(w.getByRole('button', { name: /Crop Type/ }));
    await ui.click(await screen.findByRole('option', { name: 'CROP' }));
    await ui.click(w.getByRole('button', { name: 'Save' }));
    expect(await w.findByRole('heading', { name: 'Your files were saved' })).toBeInTheDocument();
    const sent = server.find('POST', '/v2/farms/new-1/fields')[0]?.body as CreateFieldsRequest;
    expect(sent.features.map((f) => f.properties.field_crop_type)).toEqual(['Barley', 'Wheat', 'Other']);
  }, 30_000);

  it("'Exit & Close' closes the wizard and refreshes the farm list", async () => {
    const { w, ui, server } = await uploadShapefile();
    await ui.click(w.getByRole('button', { name: 'Save' }));
    await ui.click(await w.findByRole('button', { name: 'Exit & Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Import farm from file' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(server.find('GET', '/v2/farms')).toHaveLength(2));
  });

  it('Go Back returns to Upload File with the files kept', async () => {
    const { w, ui, currentStep } = await uploadShapefile();
    await ui.click(w.getByRole('button', { name: 'Go Back' }));
    expect(currentStep()).toBe('Upload File');
    expect(w.getAllByRole('button', { name: /^Remove / })).toHaveLength(3);
  });

  it('closing resets the wizard entirely', async () => {
    const { w, ui } = await uploadShapefile();
    await ui.click(w.getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Import farm from file' })).not.toBeInTheDocument(),
    );

    await ui.click(screen.getAllByRole('button', { name: 'Create Farm' })[0] as HTMLElement);
    const create = await screen.findByRole('dialog', { name: 'Farm management done right.' });
    await ui.type(within(create).getByLabelText('Name of farm'), 'Riverside');
    await ui.click(within(create).getByRole('button', { name: 'Import farm from file' }));
    await screen.findByRole('list', { name: 'Import steps' });
    const again = within(screen.getByRole('dialog', { name: 'Import farm from file' }));
    expect(again.getByRole('list', { name: 'Import steps' }).querySelector('[aria-current="step"]')).toHaveTextContent(
      'Upload File',
    );
    expect(again.queryByRole('list', { name: 'Chosen files' })).not.toBeInTheDocument();
    expect(again.getByRole('radio', { name: 'Shapefile (.shp)' })).toBeChecked();
  });

  it('when the farm was created but its fields failed, says so, retries only the fields, or deletes the farm', async () => {
    let fieldCalls = 0;
    const flaky = (request: SeenRequest) =>
      ++fieldCalls === 1 ? detailReply('The database is busy', 503) : fieldsCreated(request);
    const { w, ui, server, toasts } = await uploadShapefile({
      'POST /v2/farms/new-1/fields': flaky,
      'DELETE /v2/farms/new-1': { status: 204 },
    });

    await ui.click(w.getByRole('button', { name: 'Save' }));
    const problem = await w.findByRole('alert');
    expect(problem).toHaveTextContent(
      'The farm Riverside was created, but its fields were not all saved. Press Save to try again, or delete the farm and start over.',
    );
    expect(problem).toHaveTextContent('The database is busy');
    expect(toastMessages(toasts)).toEqual([FAILED_TOAST]);
    expect(within(problem).getByRole('button', { name: 'Delete Riverside' })).toBeInTheDocument();

    await ui.click(w.getByRole('button', { name: 'Save' }));
    expect(await w.findByRole('heading', { name: 'Your files were saved' })).toBeInTheDocument();
    expect(server.find('POST', '/v2/farms')).toHaveLength(1);
    expect(server.find('POST', '/v2/farms/new-1/fields')).toHaveLength(2);
  });

  it('deletes the farm left without its fields when the user chooses to', async () => {
    const { w, ui, server, farmEvents } = await uploadShapefile({
      'POST /v2/farms/new-1/fields': detailReply('The database is busy', 503),
      'DELETE /v2/farms/new-1': { status: 204 },
    });
    await ui.click(w.getByRole('button', { name: 'Save' }));
    await ui.click(await w.findByRole('button', { name: 'Delete Riverside' }));
    await waitFor(() => expect(server.find('DELETE', '/v2/farms/new-1')).toHaveLength(1));
    await waitFor(() => expect(w.queryByRole('alert')).not.toBeInTheDocument());
    expect(farmEvents).toEqual([
      { farmId: 'new-1', change: 'created' },
      { farmId: 'new-1', change: 'deleted' },
    ]);
    expect(w.getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});
