import type { ComponentType } from 'react';
import { I18nProvider } from 'react-aria-components';
import { useFormats } from '../../i18n/useFormats';

/**
 * `Component` inside react-aria's locale provider, in the language react-intl renders, so its own
 * strings (close, dismiss, list announcements) and its filtering follow the chosen language.
 * Reached only through `lazyWithAriaLocale`: react-aria's i18n module does locale work when it is
 * imported, which the first load must not pay for.
 */
export function withAriaLocale<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function AriaLocalized(props: P) {
    const { locale } = useFormats();
    return (
      <I18nProvider locale={locale}>
        <Component {...props} />
      </I18nProvider>
    );
  }
  AriaLocalized.displayName = `WithAriaLocale(${Component.displayName ?? Component.name})`;
  return AriaLocalized;
}
