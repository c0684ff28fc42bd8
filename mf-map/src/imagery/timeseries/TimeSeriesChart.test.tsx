import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TimeseriesResponse } from '@paddock/shared/contracts';
import { TimeSeriesChart } from './TimeSeriesChart';

const point = (date: string, mean: number) => ({ date, mean, p10: mean - 0.1, p90: mean + 0.1, cloud_percent: 2 });
const data: TimeseriesResponse = {
  field_id: 'x1',
  algorithm: 'NDVI',
  unit: 'index',
  max_cloud_percent: 30,
  seasons: [
    {
      season: 'current',
      start_date: '2025-05-01',
      end_date: '2025-12-31',
      points: [point('2025-06-01', 0.3), point('2025-08-01', 0.6), point('2025-10-01', 0.7)],
    },
    { season: 'previous', start_date: '2024-05-01', end_date: '2024-12-31', points: [point('2024-07-01', 0.5)] },
  ],
};

/** Lays the chart out at 320 × 150 px, one px per viewBox unit, for clicks at a point's own coordinates. */
function drawnOnePixelPerUnit(chart: HTMLElement): HTMLElement {
  chart.getBoundingClientRect = () => ({
    left: 0,
    top: 0,
    width: 320,
    height: 150,
    right: 320,
    bottom: 150,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
  return chart;
}

describe('the season chart', () => {
  it('draws this season with its p10–p90 band and last season behind it; a point opens its date', async () => {
    const onPick = jest.fn();
    const { container } = render(<TimeSeriesChart data={data} selectedDate="2025-08-01" onPick={onPick} />);
    expect(screen.getAllByRole('button')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'NDVI 0.50 on 1 July 2024 (last season)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'NDVI 0.60 on 1 Aug 2025' })).toHaveAttribute('aria-pressed', 'true');
    // The band closes over the p90 values forwards and the p10 values back: twice the points.
    const band = container.querySelectorAll('path')[0]?.getAttribute('d') ?? '';
    expect(band.match(/[ML]/g)).toHaveLength(6);
    expect(band.endsWith('Z')).toBe(true);

    // A click opens the point nearest to it: the chart is drawn 320 × 150 px here, one px per unit.
    const chart = drawnOnePixelPerUnit(screen.getByRole('group'));
    const june = screen.getByRole('button', { name: 'NDVI 0.30 on 1 June 2025' }).querySelector('circle');
    const [x, y] = [Number(june?.getAttribute('cx')), Number(june?.getAttribute('cy'))];
    fireEvent.click(chart, { clientX: x + 3, clientY: y - 4 });
    expect(onPick).toHaveBeenLastCalledWith('2025-06-01');
    const october = screen.getByRole('button', { name: 'NDVI 0.70 on 1 Oct 2025' }).querySelector('circle');
    fireEvent.click(chart, {
      clientX: Number(october?.getAttribute('cx')) - 2,
      clientY: Number(october?.getAttribute('cy')) + 2,
    });
    expect(onPick).toHaveBeenLastCalledWith('2025-10-01');
  });

  it("opens this season's point when last season's lies under it on the same day of the season", () => {
    const onPick = jest.fn();
    const sameDay: TimeseriesResponse = {
      ...data,
      seasons: [
        { ...data.seasons[0], points: [point('2025-06-01', 0.3), point('2025-08-01', 0.6)] },
        { ...data.seasons[1], points: [point('2024-08-01', 0.6), point('2024-08-03', 0.61)] },
      ],
    };
    render(<TimeSeriesChart data={sameDay} selectedDate={null} onPick={onPick} />);
    const chart = drawnOnePixelPerUnit(screen.getByRole('group'));
    const august = screen.getByRole('button', { name: 'NDVI 0.60 on 1 Aug 2025' }).querySelector('circle');
    const [x, y] = [Number(august?.getAttribute('cx')), Number(august?.getAttribute('cy'))];
    fireEvent.click(chart, { clientX: x, clientY: y });
    expect(onPick).toHaveBeenLastCalledWith('2025-08-01');
    // Away from this season's points, last season's nearest point still opens.
    const lastSeason = screen.getByRole('button', { name: /on 3 Aug 2024/ }).querySelector('circle');
    fireEvent.click(chart, {
      clientX: Number(lastSeason?.getAttribute('cx')) + 4,
      clientY: Number(lastSeason?.getAttribute('cy')),
    });
    expect(onPick).toHaveBeenLastCalledWith('2024-08-03');
  });

  it('is one keyboard stop: arrows move between points, Enter opens one', async () => {
    const ui = userEvent.setup();
    const onPick = jest.fn();
    render(<TimeSeriesChart data={data} selectedDate={null} onPick={onPick} />);
    const stops = screen.getAllByRole('button').filter((button) => button.getAttribute('tabindex') === '0');
    expect(stops).toHaveLength(1);
    await ui.tab();
    expect(screen.getByRole('button', { name: 'NDVI 0.70 on 1 Oct 2025' })).toHaveFocus();
    await ui.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('button', { name: 'NDVI 0.30 on 1 June 2025' })).toHaveFocus();
    await ui.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith('2025-06-01');
  });
});
