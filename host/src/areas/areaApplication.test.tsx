import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { areaApplication } from './areaApplication';
import type { RemoteLoader, SpaLifecycles } from './remoteLoader';
import { areas } from './routeTable';

const area = areas.find((a) => a.remote === 'mf_commerce')!;
const props = { name: 'mf_commerce' } as never;

function remoteThatRenders(text: string): SpaLifecycles {
  return {
    bootstrap: async () => undefined,
    mount: async (p) => {
      (p as { domElement: HTMLElement }).domElement.textContent = text;
    },
    unmount: async (p) => {
      (p as { domElement: HTMLElement }).domElement.textContent = '';
    },
  };
}

function setup(load: RemoteLoader['load']) {
  const container = document.createElement('div');
  document.body.append(container);
  const loader = { load: jest.fn(load), reset: jest.fn() };
  return { app: areaApplication(area, loader, container), loader, container };
}

// The area logs what failed for developers; the tests assert what the user sees instead.
beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  jest.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('an area application', () => {
  it('mounts the remote into its own element', async () => {
    const { app } = setup(async () => remoteThatRenders('Orders area'));
    await act(() => app.mount(props));
    expect(screen.getByText('Orders area')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a clear message and a retry when the remote cannot be loaded, and recovers on retry', async () => {
    let down = true;
    const { app, loader } = setup(async () => {
      if (down) throw new Error('connection refused');
      return remoteThatRenders('Orders area');
    });
    await act(() => app.mount(props));
    expect(screen.getByRole('alert')).toHaveTextContent('Orders and payments is not available right now');

    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('Orders area')).toBeInTheDocument());
    expect(loader.reset).toHaveBeenCalledWith('mf_commerce');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('contains a remote whose mount throws', async () => {
    const { app } = setup(async () => ({
      ...remoteThatRenders(''),
      mount: async () => {
        throw new Error('boom');
      },
    }));
    await act(() => app.mount(props));
    expect(screen.getByRole('alert')).toHaveTextContent('not available right now');
  });

  it('hides the area and unmounts the remote when the route leaves it', async () => {
    const { app, container } = setup(async () => remoteThatRenders('Orders area'));
    await act(() => app.mount(props));
    await act(() => app.unmount(props));
    expect(container.hidden).toBe(true);
    expect(screen.queryByText('Orders area')).not.toBeInTheDocument();
  });
});
