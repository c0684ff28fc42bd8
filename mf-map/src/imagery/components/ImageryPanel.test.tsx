import { act, screen, within } from '@testing-library/react';
import { makeProfile } from '@paddock/shared/testing';
import { advancedProfile, renderOverMap } from '../../testing/harness';
import { ImageryPanel } from './ImageryPanel';

const onExport = jest.fn();

async function openSelect(ui: ReturnType<typeof renderOverMap>['ui'], label: string) {
  await ui.click(screen.getByRole('button', { name: new RegExp(`${label}$`) }));
  return screen.getByRole('listbox');
}

describe('map settings: layers and calculations', () => {
  it('selecting a layer clears the date and sets its calculation; Rapid-EM offers depths', async () => {
    const { ui, store } = renderOverMap(<ImageryPanel onExport={onExport} />);
    act(() => {
      store.getState().setSelectedDate('2026-03-01');
      store.getState().setAlgorithm('COLOUR');
    });

    const layers = await openSelect(ui, 'Layer:');
    await ui.click(within(layers).getByRole('option', { name: 'Rapid-EM' }));
    expect(store.getState()).toMatchObject({
      selectedLayer: 'sensor_em',
      selectedDate: null,
      selectedAlgorithm: 'SHALLOW',
    });

    const depths = await openSelect(ui, 'Depth:');
    expect(
      within(depths)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Shallow (0–0.5 m)', 'Deep (0–1.5 m)']);
    await ui.click(within(depths).getByRole('option', { name: 'Deep (0–1.5 m)' }));
    expect(store.getState().selectedAlgorithm).toBe('DEEP');

    await ui.click(within(await openSelect(ui, 'Layer:')).getByRole('option', { name: 'Standard Resolution' }));
    expect(store.getState()).toMatchObject({ selectedLayer: 'standard', selectedAlgorithm: 'NDVI' });
    expect(screen.getByRole('button', { name: /Calculation:$/ })).toHaveTextContent('NDVI');

    await ui.click(within(await openSelect(ui, 'Layer:')).getByRole('option', { name: 'Zoning' }));
    expect(store.getState()).toMatchObject({ selectedLayer: 'zoning', selectedAlgorithm: null });
    expect(screen.queryByRole('button', { name: /Calculation:$/ })).not.toBeInTheDocument();
  });

  it('locks NDRE, THERMAL and PCD for Basic users with the upgrade icon, and offers Advanced', async () => {
    const { ui, store } = renderOverMap(<ImageryPanel onExport={onExport} />, { profile: makeProfile() });
    const options = await openSelect(ui, 'Calculation:');
    for (const name of ['NDRE', 'Thermal', 'Plant Cell Density']) {
      const option = within(options).getByRole('option', { name: new RegExp(name) });
      expect(option).toHaveAttribute('aria-disabled', 'true');
      expect(within(option).getByRole('img', { name: 'Advanced' })).toBeInTheDocument();
    }
    expect(within(options).getByRole('option', { name: 'Colour' })).not.toHaveAttribute('aria-disabled');
    await ui.click(within(options).getByRole('option', { name: /NDRE/ }));
    expect(store.getState().selectedAlgorithm).toBe('NDVI');
    await ui.keyboard('{Escape}');

    expect(screen.getByText(/Enable Advanced calculations/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Get Advanced' })[0]).toHaveAttribute('href', '/advanced');
  });

  it('unlocks a calculation only with Advanced and its own flag', async () => {
    const { ui, store } = renderOverMap(<ImageryPanel onExport={onExport} />, {
      profile: advancedProfile('algorithm:ndre'),
    });
    const options = await openSelect(ui, 'Calculation:');
    expect(within(options).getByRole('option', { name: 'NDRE' })).not.toHaveAttribute('aria-disabled');
    expect(within(options).getByRole('option', { name: /Thermal/ })).toHaveAttribute('aria-disabled', 'true');
    await ui.click(within(options).getByRole('option', { name: 'NDRE' }));
    expect(store.getState().selectedAlgorithm).toBe('NDRE');
    expect(screen.queryByText(/Enable Advanced calculations/)).not.toBeInTheDocument();
  });
});

describe('map settings: Actions', () => {
  it('offers Basic users no Export Map but a banner, and opens ordering in a new tab', async () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    const { ui } = renderOverMap(<ImageryPanel onExport={onExport} />);
    expect(screen.getByRole('note')).toHaveTextContent('Unlock with Advanced');
    await ui.click(screen.getByRole('button', { name: 'Actions' }));
    const menu = screen.getByRole('menu', { name: 'Actions' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Order High Resolution', 'Book Rapid-EM Machine', 'Create Zones']);
    await ui.click(within(menu).getByRole('menuitem', { name: 'Order High Resolution' }));
    expect(open).toHaveBeenCalledWith('/order/high-resolution-imagery', '_blank', 'noopener');
    open.mockRestore();
  });

  it('gives Advanced users Export Map, and Create Zones enters zoning mode', async () => {
    const { ui, store } = renderOverMap(<ImageryPanel onExport={onExport} />, { profile: advancedProfile() });
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Actions' }));
    await ui.click(screen.getByRole('menuitem', { name: 'Export Map' }));
    expect(onExport).toHaveBeenCalled();
    await ui.click(screen.getByRole('button', { name: 'Actions' }));
    await ui.click(screen.getByRole('menuitem', { name: 'Create Zones' }));
    expect(store.getState().mode).toBe('zoning');
  });

  it('disables Create Zones on a farm without fields', async () => {
    const { ui, store } = renderOverMap(<ImageryPanel onExport={onExport} />, { fields: [] });
    await ui.click(screen.getByRole('button', { name: 'Actions' }));
    const item = screen.getByRole('menuitem', { name: 'Create Zones' });
    expect(item).toHaveAttribute('aria-disabled', 'true');
    await ui.click(item);
    expect(store.getState().mode).toBe('view');
  });

  it('disables Create Zones for a viewer (zoning is for owners and editors)', async () => {
    const { ui } = renderOverMap(<ImageryPanel onExport={onExport} />, { farmRole: 'viewer' });
    await ui.click(screen.getByRole('button', { name: 'Actions' }));
    expect(screen.getByRole('menuitem', { name: 'Create Zones' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('folds behind its heading', async () => {
    const { ui } = renderOverMap(<ImageryPanel onExport={onExport} />);
    const toggle = screen.getByRole('button', { name: 'Standard Resolution' });
    await ui.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Actions' })).not.toBeInTheDocument();
  });
});
