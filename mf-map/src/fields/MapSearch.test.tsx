import { screen, waitFor } from '@testing-library/react';
import type { PlaceSearchResponse } from '@paddock/shared/contracts';
import { makeField } from '../testing/fixtures';
import { fakeMapHandle, renderOverMap } from '../testing/harness';
import { OlMapContext } from '../map-core/olMapContext';
import { MapSearch, PLACE_ZOOM } from './MapSearch';

const horsham: PlaceSearchResponse = {
  query: 'hors',
  source: 'gazetteer',
  attribution: 'Localities',
  places: [
    {
      label: 'Horsham VIC 3400',
      kind: 'locality',
      name: 'Horsham',
      state: 'VIC',
      postcode: '3400',
      lat: -36.71,
      lon: 142.2,
    },
  ],
};

function renderSearch(searchPlaces = jest.fn(async (q: string) => ({ ...horsham, query: q }))) {
  const handle = fakeMapHandle();
  const view = renderOverMap(
    <OlMapContext.Provider value={handle}>
      <MapSearch api={{ searchPlaces }} />
    </OlMapContext.Provider>,
    { fields: [makeField('x1', { field_name: 'Horse Paddock' }), makeField('x2', { field_name: 'Creek' }, 1)] },
  );
  return { ...view, handle, searchPlaces };
}

describe('map search: fields and places (issue 10 §1)', () => {
  it('lists matching fields and places in two groups, and a place moves the map there with a pin', async () => {
    const { ui, handle, searchPlaces } = renderSearch();
    await ui.type(screen.getByRole('combobox', { name: 'Search fields and places on the map' }), 'hors');
    expect(await screen.findByRole('option', { name: /Horsham VIC 3400/ })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /Horse Paddock/ })).toBeInTheDocument();
    expect(screen.getByText('Fields')).toBeInTheDocument();
    expect(screen.getByText('Places')).toBeInTheDocument();
    // Asked when typing pauses, from two characters on.
    expect(searchPlaces).toHaveBeenLastCalledWith('hors');
    expect(searchPlaces).not.toHaveBeenCalledWith('h');
    await ui.click(screen.getByRole('option', { name: /Horsham VIC 3400/ }));
    expect(handle.goTo).toHaveBeenCalledWith(142.2, -36.71, PLACE_ZOOM.locality);
    expect(screen.getByRole('combobox')).toHaveValue('');
  });

  it('works from the keyboard: arrows and Enter choose a result', async () => {
    const { ui, handle } = renderSearch();
    await ui.type(screen.getByRole('combobox'), 'hors');
    await screen.findByRole('option', { name: /Horsham VIC 3400/ });
    await ui.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(handle.goTo).toHaveBeenCalledWith(142.2, -36.71, 14);
  });

  it('goes to typed coordinates closer in', async () => {
    const coordinates = jest.fn(async (q: string) => ({
      ...horsham,
      query: q,
      places: [
        {
          label: 'MGA zone 54 585000 E 5937000 N',
          kind: 'coordinates' as const,
          name: 'MGA zone 54 585000 E 5937000 N',
          state: null,
          postcode: null,
          lat: -36.7,
          lon: 141.95,
        },
      ],
    }));
    const { ui, handle } = renderSearch(coordinates);
    await ui.type(screen.getByRole('combobox'), '54 585000 5937000');
    await ui.click(await screen.findByRole('option', { name: /MGA zone 54/ }));
    expect(handle.goTo).toHaveBeenCalledWith(141.95, -36.7, PLACE_ZOOM.coordinates);
  });

  it('says so when nothing matches', async () => {
    const { ui } = renderSearch(jest.fn(async (q: string) => ({ ...horsham, query: q, places: [] })));
    await ui.type(screen.getByRole('combobox'), 'zzqx');
    await waitFor(() => expect(screen.getByText('No field or place is called that.')).toBeInTheDocument());
  });
});
