import { screen, within } from '@testing-library/react';
import type { RenderedApp } from '../support';

/** Picks a currency in the header's filterable select (the top strip). */
export async function chooseCurrency(view: RenderedApp, label: string): Promise<void> {
  const banner = screen.getByRole('banner');
  const combobox = await within(banner).findByRole('combobox', { name: 'Currency' });
  await view.user.clear(combobox);
  await view.user.type(combobox, label.slice(0, 2));
  await view.user.click(await screen.findByRole('option', { name: label }));
}
