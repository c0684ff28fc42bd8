import { act, screen } from '@testing-library/react';
import { renderOverMap } from '../testing/harness';
import { ZoningPanel } from './ZoningPanel';

describe('zoning panel', () => {
  it('names zoning mode and its Close returns the map to view mode', async () => {
    const { store, ui } = renderOverMap(<ZoningPanel />);
    act(() => store.getState().setMode('zoning'));
    expect(screen.getByRole('region', { name: 'Zoning' })).toHaveTextContent('Select the fields to zone');
    await ui.click(screen.getByRole('button', { name: 'Close' }));
    expect(store.getState().mode).toBe('view');
  });
});
