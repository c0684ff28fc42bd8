import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addressErrors, emptyAddress, type Address } from '../../contracts/address';
import { AddressFields, Form, SaveDetailsField } from './index';

function renderAddress(initial: Partial<Address> & { saveDetails?: boolean } = {}) {
  const onSubmit = jest.fn();
  render(
    <Form<Address & { saveDetails: boolean }>
      onSubmit={onSubmit}
      initialValues={{ ...emptyAddress, saveDetails: true, ...initial }}
      validate={(values) => addressErrors(values)}
      render={({ handleSubmit }) => (
        <form onSubmit={handleSubmit}>
          <AddressFields />
          <SaveDetailsField />
          <button type="submit">Pay</button>
        </form>
      )}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('AddressFields (the one address block)', () => {
  it("Australia: a State choice and a 4-digit 'Postcode', with the spec's messages", async () => {
    const { user, onSubmit } = renderAddress();
    const state = screen.getByRole('combobox', { name: 'State' });
    expect(
      screen.getAllByRole('option', { name: /Australia|Wales|Territory|Queensland|Tasmania|Victoria/ }),
    ).not.toHaveLength(0);
    expect(screen.getByRole('textbox', { name: 'Postcode' })).toHaveAttribute('inputmode', 'numeric');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(onSubmit).not.toHaveBeenCalled();
    for (const message of [
      'Enter address',
      'Enter city',
      'Please select state/province.',
      'Please enter zip or postal code.',
    ])
      expect(screen.getByText(message)).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Street address' }), '12 Railway Tce');
    await user.type(screen.getByRole('textbox', { name: 'Suburb or town' }), 'Kimba');
    await user.selectOptions(state, 'SA');
    await user.type(screen.getByRole('textbox', { name: 'Postcode' }), '564');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(screen.getByText('Enter a 4-digit postcode.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Postcode' }), '1');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ country: 'AU', state: 'SA', zipCode: '5641', city: 'Kimba', saveDetails: true }),
      expect.anything(),
      expect.anything(),
    );
  });

  it("another country gets its own labels: the US a 'ZIP code' and a typed State, Canada a 'Province'", async () => {
    const { user } = renderAddress({ country: 'US' });
    expect(screen.getByRole('textbox', { name: 'State' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'ZIP code' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'CA');
    expect(screen.getByRole('textbox', { name: 'Province' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Postal code' })).toBeInTheDocument();
  });

  it('the consent tick is on by default and can be turned off', async () => {
    const { user, onSubmit } = renderAddress({
      address1: '1 Long Paddock Rd',
      city: 'Wagga Wagga',
      state: 'NSW',
      zipCode: '2650',
    });
    const tick = screen.getByRole('checkbox', { name: /Save my name, phone, company and address/ });
    expect(tick).toBeChecked();
    await user.click(tick);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ saveDetails: false }),
      expect.anything(),
      expect.anything(),
    );
  });
});

describe('address rules', () => {
  it('an unknown Australian state and a malformed US ZIP are refused; a UK county is optional', () => {
    const au = { ...emptyAddress, address1: 'x', city: 'y', state: 'Queensland', zipCode: '4000' };
    expect(addressErrors(au)).toEqual({ state: 'Please select state/province.' });
    expect(addressErrors({ ...au, state: 'QLD' })).toEqual({});
    expect(addressErrors({ ...au, country: 'US', state: 'CA', zipCode: '9021' })).toEqual({
      zipCode: 'Enter a 5-digit ZIP code.',
    });
    expect(addressErrors({ ...au, country: 'GB', state: '', zipCode: 'SW1A 1AA' })).toEqual({});
  });
});
