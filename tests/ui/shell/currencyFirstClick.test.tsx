import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support';

describe('the currency select on the first click', () => {
  it('opens its list and keeps showing the chosen currency', async () => {
    const view = renderApp();
    await view.ready();
    const banner = await screen.findByRole('banner');
    await view.user.click(await within(banner).findByRole('combobox', { name: 'Currency' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option').length).toBeGreaterThan(1);
    expect(within(banner).getByRole('combobox', { name: 'Currency' })).toHaveValue('EUR €');
  });
});
