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

  it('toggles the skip flag with the checkbox of the last step', async () => {
    const ui = userEvent.setup();
    const onClose = jest.fn();
    render(<MapTutorial isOpen onClose={onClose} />);
    for (let step = 1; step < TUTORIAL_STEPS.length; step += 1)
      await ui.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('button', { name: 'Skip tutorial' })).not.toBeInTheDocument();
    const checkbox = screen.getByRole('checkbox', { name: "Don't show this tutorial again" });
    expect(checkbox).not.toBeChecked();
    await ui.click(checkbox);
    expect(window.localStorage.getItem(TUTORIAL_SKIP_KEY)).toBe('1');
    await ui.click(checkbox);
    expect(window.localStorage.getItem(TUTORIAL_SKIP_KEY)).toBeNull();
    await ui.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
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
    act(() => store.getState().startDrawing());
    expect(screen.queryByRole('region', { name: 'Your fields' })).not.toBeInTheDocument();
    act(() => store.getState().setMode('view'));
    expect(screen.queryByRole('region', { name: 'Your fields' })).not.toBeInTheDocument();
  });
});
