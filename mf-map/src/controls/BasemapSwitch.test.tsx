import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Basemap } from '@paddock/shared/contracts';
import { BasemapSwitch } from './BasemapSwitch';

const basemaps: Basemap[] = [
  {
    id: 'configured',
    name: 'Streets',
    kind: 'xyz',
    url: 'https://t/{z}/{x}/{y}',
    attribution: '©',
    minZoom: 0,
    maxZoom: 19,
  },
  {
    id: 'satellite',
    name: 'Satellite',
    kind: 'embedded',
    url: '/v2/basemap/tiles/{z}/{x}/{y}.png',
    attribution: 'S',
    minZoom: 8,
    maxZoom: 18,
  },
];

describe('base map switch (issue 10 §1)', () => {
  it('offers each base map and none, marks the current one, and reports a choice', async () => {
    const ui = userEvent.setup();
    const onChoose = jest.fn();
    render(<BasemapSwitch basemaps={basemaps} current="satellite" onChoose={onChoose} />);
    await ui.click(screen.getByRole('button', { name: 'Base map' }));
    const items = screen.getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual(['Streets', 'Satellite', 'No base map']);
    expect(screen.getByRole('menuitemradio', { name: 'Satellite' })).toHaveAttribute('aria-checked', 'true');
    await ui.keyboard('{ArrowDown}');
    await ui.click(screen.getByRole('menuitemradio', { name: 'No base map' }));
    expect(onChoose).toHaveBeenCalledWith('none');
  });
});
