import { act, screen } from '@testing-library/react';
import { renderOverMap } from '../testing/harness';
import { catalogReply } from '../testing/imageryReplies';
import { FarmImagery } from './FarmImagery';

const CATALOG = '/v2/catalog';

describe('modes', () => {
  it('shows the zoning panel in zoning mode, whose Close returns to view', async () => {
    const { ui, store } = renderOverMap(<FarmImagery />, { routes: { [`GET ${CATALOG}`]: catalogReply([]) } });
    act(() => store.getState().setMode('zoning'));
    expect(screen.getByRole('heading', { name: 'Zoning' })).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Close' }));
    expect(store.getState().mode).toBe('view');
    expect(await screen.findByText('No Dates Available')).toBeInTheDocument();
  });
});
