import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import {
  Form,
  FormError,
  RadioGroupField,
  ruleOf,
  SelectField,
  SwitchField,
  TextAreaField,
  TextField,
  validateWith,
} from './index';

const nameSchema = z.string().trim().min(1, 'Farm Name is required!').max(100, 'At most 100 characters');

describe('form kit', () => {
  it("shows a field's message only after the user left it or tried to submit, tied to the control", async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(
      <Form
        onSubmit={onSubmit}
        render={({ handleSubmit }) => (
          <form onSubmit={handleSubmit}>
            <TextField name="name" label="Name of farm" validate={ruleOf(nameSchema)} />
            <button type="submit">Save</button>
          </form>
        )}
      />,
    );
    const box = screen.getByRole('textbox', { name: 'Name of farm' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Farm Name is required!');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Farm Name is required!');
    await user.type(box, 'North block');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'North block' }, expect.anything(), expect.anything());
  });

  it('validates a whole form from a zod object with each field under its name', async () => {
    const user = userEvent.setup();
    const schema = z.object({
      first_name: z.string().trim().min(1, 'Enter First Name'),
      user_type: z.string().min(1, 'Select Occupation'),
      notes: z.string().max(5, 'Too long').optional(),
    });
    render(
      <Form
        onSubmit={jest.fn()}
        validate={validateWith(schema)}
        initialValues={{ first_name: '', user_type: '', notes: 'too long' }}
        render={({ handleSubmit }) => (
          <form onSubmit={handleSubmit}>
            <TextField name="first_name" label="First Name" />
            <SelectField
              name="user_type"
              label="Occupation"
              placeholder="Select Occupation"
              options={[{ value: 'farmer', label: 'Farmer' }]}
            />
            <TextAreaField name="notes" label="Notes" />
            <button type="submit">Save</button>
          </form>
        )}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('textbox', { name: 'First Name' })).toHaveAccessibleDescription('Enter First Name');
    expect(screen.getByRole('combobox', { name: 'Occupation' })).toHaveAccessibleDescription('Select Occupation');
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveAccessibleDescription('Too long');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Occupation' }), 'Farmer');
    expect(screen.getByRole('combobox', { name: 'Occupation' })).not.toHaveAttribute('aria-invalid');
  });

  it('a switch is a labelled switch that sets its boolean value', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(
      <Form
        onSubmit={onSubmit}
        initialValues={{ acceptTerms: false }}
        render={({ handleSubmit }) => (
          <form onSubmit={handleSubmit}>
            <SwitchField name="acceptTerms">I agree to the terms</SwitchField>
            <button type="submit">Save</button>
          </form>
        )}
      />,
    );
    const toggle = screen.getByRole('switch', { name: 'I agree to the terms' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(toggle).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ acceptTerms: true }, expect.anything(), expect.anything());
  });

  it('a form-level error is announced, and nothing is shown without one', () => {
    const { rerender } = render(<FormError message={null} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    rerender(<FormError message="Paddock could not save your profile" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Paddock could not save your profile');
  });

  it('offers one choice of a few as radios named by the legend, by pointer and by arrow keys', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(
      <Form
        onSubmit={onSubmit}
        initialValues={{ severity: 'moderate' }}
        render={({ handleSubmit }) => (
          <form onSubmit={handleSubmit}>
            <RadioGroupField
              name="severity"
              legend="Severity"
              options={[
                { value: 'low', label: 'Low' },
                { value: 'moderate', label: 'Moderate' },
                { value: 'high', label: 'High' },
              ]}
            />
            <button type="submit">Save</button>
          </form>
        )}
      />,
    );
    const group = screen.getByRole('group', { name: 'Severity' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Moderate' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Low' }));
    expect(screen.getByRole('radio', { name: 'Low' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Moderate' })).not.toBeChecked();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Moderate' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ severity: 'moderate' }, expect.anything(), expect.anything());
  });
});
