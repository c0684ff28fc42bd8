import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TUTORIAL_SKIP_KEY } from './tutorialSetting';
import { renderOverMap } from '../testing/harness';
import { MapTutorial, TUTORIAL_STEPS } from './MapTutorial';
import { useTutorial } from './useTutorial';

function TutorialOnMap() {
  const tutorial = useTutorial();
  return (
    <>
      <button type="button" onClick={tutorial.show}>
        View Tutorial
      </button>
      <MapTutorial isOpen={tutorial.isOpen} onClose={tutorial.close} />
    </>
  );
}

beforeEach(() => window.localStorage.clear());

describe('the map tutorial', () => {
  it('can be skipped, which keeps it from running again', async () => {
    const onClose = jest.fn();
    render(<MapTutorial isOpen onClose={onClose} />);
    expect(screen.getByRole('region', { name: TUTORIAL_STEPS[0]?.title })).toHaveTextContent(
      `Step 1 of ${TUTORIAL_STEPS.length}`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Skip tutorial' }));
    expect(onClose).toHaveBeenCalled();
    expect(window.localStorage.getItem(TUTORIAL_SKIP_KEY)).toBe('1');
  });

  it("stays away once 'Done': the last step's checkbox is ticked, and unticking it keeps the tour", async () => {
    const ui = userEvent.setup();
    const onClose = jest.fn();
    const { unmount } = render(<MapTutorial isOpen onClose={onClose} />);
    for (let step = 1; step < TUTORIAL_STEPS.length; step += 1)
      await ui.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('button', { name: 'Skip tutorial' })).not.toBeInTheDocument();
    const checkbox = screen.getByRole('checkbox', { name: "Don't show this tutorial again" });
    expect(checkbox).toBeChecked();
    await ui.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
    expect(window.localStorage.getItem(TUTORIAL_SKIP_KEY)).toBe('1');
    unmount();

    window.localStorage.clear();
    render(<MapTutorial isOpen onClose={onClose} />);
    for (let step = 1; step < TUTORIAL_STEPS.length; step += 1)
      await ui.click(screen.getByRole('button', { name: 'Next' }));
    await ui.click(screen.getByRole('checkbox', { name: "Don't show this tutorial again" }));
    await ui.click(screen.getByRole('button', { name: 'Done' }));
    expect(window.localStorage.getItem(TUTORIAL_SKIP_KEY)).toBeNull();
  });

  it('points at the control each step describes', async () => {
    const ui = userEvent.setup();
    const rects: Record<string, [number, number, number, number]> = {
      fields: [0, 56, 300, 700],
      settings: [316, 70, 260, 180],
    };
    const targets = Object.entries(rects).map(([name, [left, top, width, height]]) => {
      const element = document.createElement('div');
      element.dataset.tour = name;
      element.getBoundingClientRect = () =>
        ({ left, top, width, height, right: left + width, bottom: top + height, x: left, y: top }) as DOMRect;
      document.body.append(element);
      return element;
    });
    try {
      render(<MapTutorial isOpen onClose={jest.fn()} />);
      const ring = screen.getByTestId('tour-ring');
      expect(ring).toHaveStyle({ left: '-4px', top: '52px', width: '308px', height: '708px' });
      // Beside the field menu, on its right.
      expect(screen.getByRole('region', { name: 'Your fields' })).toHaveStyle({ left: '312px' });
      await ui.click(screen.getByRole('button', { name: 'Next' }));
      expect(screen.getByTestId('tour-ring')).toHaveStyle({ left: '312px', top: '66px' });
      expect(screen.getByRole('region', { name: 'Layers and calculations' })).toHaveStyle({ left: '588px' });
    } finally {
      targets.forEach((element) => element.remove());
    }
  });

  it('moves back and forth between steps and closes on Escape', async () => {
    const ui = userEvent.setup();
    const onClose = jest.fn();
    render(<MapTutorial isOpen onClose={onClose} />);
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: TUTORIAL_STEPS[1]?.title })).toHaveFocus();
    await ui.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: TUTORIAL_STEPS[0]?.title })).toBeInTheDocument();
    await ui.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
    expect(window.localStorage.getItem(TUTORIAL_SKIP_KEY)).toBe('1');
  });
});

describe('the tutorial on the map page', () => {
  it("runs on a first visit, not once the skip flag is '1', and View Tutorial brings it back", async () => {
    const first = renderOverMap(<TutorialOnMap />);
    expect(screen.getByRole('region', { name: 'Your fields' })).toBeInTheDocument();
    first.unmount();

    window.localStorage.setItem(TUTORIAL_SKIP_KEY, '1');
    const { ui } = renderOverMap(<TutorialOnMap />);
    expect(screen.queryByRole('region', { name: 'Your fields' })).not.toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'View Tutorial' }));
    expect(screen.getByRole('region', { name: 'Your fields' })).toBeInTheDocument();
  });

  it('tours view mode only: it closes when the user starts drawing', () => {
    const { store } = renderOverMap(<TutorialOnMap />);
    act(() => store.getState().startDrawing(1));
    expect(screen.queryByRole('region', { name: 'Your fields' })).not.toBeInTheDocument();
    act(() => store.getState().setMode('view'));
    expect(screen.queryByRole('region', { name: 'Your fields' })).not.toBeInTheDocument();
  });
});
