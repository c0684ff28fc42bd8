import { act, fireEvent, screen } from '@testing-library/react';
import { renderOverMap } from '../testing/harness';
import { ZoningControls } from './ZoningControls';

describe('zoning map controls', () => {
  it('are not shown outside zoning and edit-zone modes', () => {
    renderOverMap(<ZoningControls />);
    expect(screen.queryByRole('slider', { name: 'Zone transparency' })).not.toBeInTheDocument();
  });

  it('offer the transparency slider (default 1) and the algorithm toggle in zoning mode', async () => {
    const { store, ui } = renderOverMap(<ZoningControls />);
    act(() => store.getState().setMode('zoning'));
    const slider = screen.getByRole('slider', { name: 'Zone transparency' });
    expect(slider).toHaveValue('1');
    fireEvent.change(slider, { target: { value: '0.4' } });
    expect(store.getState().zoneTransparency).toBe(0.4);
    expect(slider).toHaveAttribute('aria-valuetext', '40% opaque');

    // No date chosen yet: nothing to show.
    expect(screen.getByRole('button', { name: /image/ })).toBeDisabled();
    act(() => store.getState().setSelectedDate('2026-03-01'));
    const enabled = screen.getByRole('button', { name: 'Show the NDVI image' });
    expect(enabled).toHaveAttribute('aria-pressed', 'false');
    await ui.click(enabled);
    expect(store.getState().zoneImageShown).toBe(true);
    expect(screen.getByRole('button', { name: 'Show the zones instead of the NDVI image' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('keep only the slider in edit-zone mode', () => {
    const { store } = renderOverMap(<ZoningControls />);
    act(() => store.getState().setMode('edit-zone'));
    expect(screen.getByRole('slider', { name: 'Zone transparency' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /image/ })).not.toBeInTheDocument();
  });
});
