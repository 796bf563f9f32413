import { screen, waitFor, within } from '@testing-library/react';
import type { RenderedApp } from '../support';

/**
 * Picks a currency in the header's filterable select (the top strip). The strip shows a
 * look-alike until the field is focused; the real select then mounts and takes the focus.
 */
export async function chooseCurrency(view: RenderedApp, label: string): Promise<void> {
  const banner = screen.getByRole('banner');
  await view.user.click(await within(banner).findByRole('combobox', { name: 'Currency' }));
  const combobox = await waitFor(() => {
    const field = within(banner).getByRole('combobox', { name: 'Currency' });
    if (field !== document.activeElement || field.hasAttribute('readonly'))
      throw new Error('the currency select has not taken the focus');
    return field;
  });
  await view.user.clear(combobox);
  await view.user.type(combobox, label.slice(0, 2));
  await view.user.click(await screen.findByRole('option', { name: label }));
}
