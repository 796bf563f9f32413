import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Select } from '../../../src/components/Select/Select';
import { renderWithIntl } from './renderWithIntl';

const currencies = [
  { id: 'EUR', label: 'EUR €' },
  { id: 'USD', label: 'USD $' },
];

/**
 * The header's currency field swaps its look-alike for the real Select on the first click,
 * mounted with autoFocus. react-aria's ComboBox fills the input from the selected item only while
 * the field is not focused, and its collection is empty on the first render: the field went blank.
 */
describe('a Select mounted with autoFocus (the first click on the currency field)', () => {
  it('shows the selected option, not an empty field', async () => {
    renderWithIntl(
      <Select label="Currency" options={currencies} value="USD" onChange={() => {}} autoFocus openOnFocus />,
    );
    const field = screen.getByRole('combobox', { name: 'Currency' });
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveValue('USD $');
    // Opened on focus, the list still offers every option.
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option')).toHaveLength(2);
  });
});
