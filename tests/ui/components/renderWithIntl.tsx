import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { IntlProvider } from '../../../src/i18n/IntlProvider';

/** Renders inside the app's IntlProvider (English defaults unless a locale is given). */
export function renderWithIntl(
  ui: ReactElement,
  { locale = 'en', ...options }: RenderOptions & { locale?: string } = {},
) {
  return render(ui, {
    ...options,
    wrapper: ({ children }) => <IntlProvider locale={locale}>{children}</IntlProvider>,
  });
}
