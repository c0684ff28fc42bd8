import { render, screen } from '@testing-library/react';
import { Options } from './Options';

describe('Options', () => {
  it('gives a select one option per value, in order, labelled by the value unless a label is given', () => {
    render(
      <>
        <select aria-label="Rows per page" defaultValue={10}>
          <Options values={[5, 10, 20]} />
        </select>
        <select aria-label="Cloud" defaultValue={30}>
          <Options values={[10, 30]} label={(limit) => `${limit} % cloud`} />
        </select>
      </>,
    );
    const rows = screen.getByRole('combobox', { name: 'Rows per page' });
    expect([...rows.querySelectorAll('option')].map((option) => [option.value, option.textContent])).toEqual([
      ['5', '5'],
      ['10', '10'],
      ['20', '20'],
    ]);
    expect(rows).toHaveValue('10');
    expect(screen.getByRole('option', { name: '30 % cloud' })).toHaveAttribute('value', '30');
  });
});
