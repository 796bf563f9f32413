import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LazySelect } from '../../../src/components/Select/LazySelect';
import { Select } from '../../../src/components/Select/Select';
import type { SelectProps } from '../../../src/components/Select/types';
import { renderWithIntl } from './renderWithIntl';

const countries = [
  { id: 'dz', label: 'Algeria' },
  { id: 'de', label: 'Germany' },
  { id: 'ne', label: 'Niger' },
  { id: 'ng', label: 'Nigeria' },
  { id: 'ge', label: 'Georgia' },
];

function Controlled(props: Partial<SelectProps> & { onValue?: (id: string | null) => void }) {
  const { onValue, ...rest } = props;
  const [value, setValue] = useState<string | null>(rest.value ?? null);
  return (
    <Select
      label="Country"
      options={countries}
      {...rest}
      value={value}
      onChange={(id) => {
        setValue(id);
        onValue?.(id);
      }}
    />
  );
}

const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent);

describe('Select', () => {
  it('keeps only the options whose label starts with the typed text, ignoring case', async () => {
    const user = userEvent.setup();
    renderWithIntl(<Controlled />);
    await user.type(screen.getByRole('combobox', { name: 'Country' }), 'ger');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    expect(optionNames()).toEqual(['Germany']);

    await user.clear(screen.getByRole('combobox'));
    await user.type(screen.getByRole('combobox'), 'NIG');
    expect(optionNames()).toEqual(['Niger', 'Nigeria']);
  });

  it("says 'No options available' when nothing matches", async () => {
    const user = userEvent.setup();
    renderWithIntl(<Controlled />);
    await user.type(screen.getByRole('combobox'), 'xyz');
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByText('No options available')).toBeInTheDocument();
    // react-aria gives the empty-state row the option role, so it is the only "option".
    expect(optionNames()).toEqual(['No options available']);
  });

  it('selects an option and reports its id', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    renderWithIntl(<Controlled onValue={onValue} />);
    await user.type(screen.getByRole('combobox'), 'ge');
    await user.click(await screen.findByRole('option', { name: 'Georgia' }));
    expect(onValue).toHaveBeenLastCalledWith('ge');
    expect(screen.getByRole('combobox')).toHaveValue('Georgia');
  });

  it('clears the value and the text with the clear button', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    renderWithIntl(<Controlled value="de" isClearable onValue={onValue} />);
    expect(screen.getByRole('combobox')).toHaveValue('Germany');
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(onValue).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('combobox')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear selection' })).not.toBeInTheDocument();
  });

  it('shows no clear button unless clearable', () => {
    renderWithIntl(<Controlled value="de" />);
    expect(screen.queryByRole('button', { name: 'Clear selection' })).not.toBeInTheDocument();
  });

  it('shows the error text below and marks the field invalid', () => {
    renderWithIntl(<Controlled errorMessage="Country is required" />);
    const input = screen.getByRole('combobox');
    expect(screen.getByText('Country is required')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Country is required');
  });

  it('can be required and disabled', () => {
    const { unmount } = renderWithIntl(<Controlled isRequired />);
    expect(screen.getByRole('combobox')).toBeRequired();
    unmount();
    renderWithIntl(<Controlled isDisabled isClearable value="de" />);
    expect(screen.getByRole('combobox')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Clear selection' })).not.toBeInTheDocument();
  });

  it('shows a spinner while loading', () => {
    renderWithIntl(<Controlled isLoading />);
    expect(screen.getByRole('progressbar', { name: 'Loading...' })).toBeInTheDocument();
  });

  it('keeps the dropdown to 15rem', async () => {
    const { readFileSync } = await import('node:fs');
    const css = readFileSync('src/components/Select/Select.css', 'utf8');
    expect(css).toMatch(/\.select__list\s*{[^}]*max-height:\s*15rem/);
  });
});

describe('LazySelect', () => {
  it('shows a disabled look-alike with the label and value until the real select has loaded', async () => {
    renderWithIntl(<LazySelect label="Country" options={countries} value="de" onChange={() => {}} />);
    const placeholder = screen.getByRole('textbox', { name: 'Country' });
    expect(placeholder).toBeDisabled();
    expect(placeholder).toHaveValue('Germany');
    const combobox = await screen.findByRole('combobox', { name: 'Country' });
    expect(combobox).toBeEnabled();
    expect(combobox).toHaveValue('Germany');
  });
});
