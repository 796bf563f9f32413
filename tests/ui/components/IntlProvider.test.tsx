import { parse } from '@formatjs/icu-messageformat-parser';
import { render, screen } from '@testing-library/react';
import { IntlMessageFormat } from 'intl-messageformat';
import { FormattedMessage, useIntl } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import english from '../../../src/i18n/en.json';
import { IntlProvider } from '../../../src/i18n/IntlProvider';
import { safeLocale, serverMessages } from '../../../src/i18n/messages';
import { canParseMessages } from '../../../src/i18n/parserOnDemand';
import { parse as plainTextOnly } from '../../../src/i18n/plain-text-parser';
import { expectConsoleWarn } from '../../support/console-guard';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('serverMessages', () => {
  it('keeps the server translations', () => {
    expect(serverMessages({ b: 'Bee', c: 'Cee' })).toEqual({ b: 'Bee', c: 'Cee' });
  });

  it('drops empty strings and values that are neither text nor a parsed message', () => {
    expect(serverMessages({ a: '', b: '   ', c: 42, d: null, e: 'E', f: [], g: [{ value: 'x' }] })).toEqual({
      e: 'E',
    });
  });

  it('keeps parsed messages (GET localizations?format=ast)', () => {
    const parsed = parse('Seite {page}');
    expect(serverMessages({ page: parsed })).toEqual({ page: parsed });
  });

  it('accepts no server messages at all', () => {
    expect(serverMessages(null)).toEqual({});
  });
});

describe('safeLocale', () => {
  it('canonicalises good tags and falls back for bad ones', () => {
    expect(safeLocale('de')).toBe('de');
    expect(safeLocale('pt-br')).toBe('pt-BR');
    expect(safeLocale('not a locale!')).toBe('en');
    expect(safeLocale('')).toBe('en');
  });
});

function Greeting() {
  const intl = useIntl();
  return (
    <>
      <p>
        {intl.formatMessage({ id: 'components.select.noOptions', defaultMessage: 'No options available' })}
      </p>
      <p>
        <FormattedMessage
          id="components.pagination.page"
          defaultMessage="Page {page}"
          values={{ page: intl.formatNumber(1234) }}
        />
      </p>
    </>
  );
}

describe('IntlProvider', () => {
  it('shows the English defaults without server messages', () => {
    render(
      <IntlProvider locale="en">
        <Greeting />
      </IntlProvider>,
    );
    expect(screen.getByText('No options available')).toBeInTheDocument();
    expect(screen.getByText('Page 1,234')).toBeInTheDocument();
  });

  it('shows server translations in the server language, English where a message is empty', () => {
    render(
      <IntlProvider
        locale="de"
        messages={{ 'components.pagination.page': 'Seite {page}', 'components.select.noOptions': '' }}
      >
        <Greeting />
      </IntlProvider>,
    );
    expect(screen.getByText('Seite 1.234')).toBeInTheDocument();
    expect(screen.getByText('No options available')).toBeInTheDocument();
  });

  it('falls back to the default message when a server message is malformed', () => {
    expectConsoleWarn(/^\[i18n\] .*components\.pagination\.page/);
    render(
      <IntlProvider locale="de" messages={{ 'components.pagination.page': 'Seite {page' }}>
        <Greeting />
      </IntlProvider>,
    );
    expect(screen.getByText('Page 1.234')).toBeInTheDocument();
  });

  // The console guard (tests/support/console-guard.ts) fails a test that warns or logs an error.
  it('does not report translations that are merely missing', () => {
    render(
      <IntlProvider locale="de" messages={{}}>
        <FormattedMessage id="test.not.in.catalogue" defaultMessage="Only in code" />
      </IntlProvider>,
    );
    expect(screen.getByText('Only in code')).toBeInTheDocument();
  });

  it('survives a language code Intl rejects', () => {
    render(
      <IntlProvider locale="??" messages={english}>
        <Greeting />
      </IntlProvider>,
    );
    expect(screen.getByText('Page 1,234')).toBeInTheDocument();
  });
});

describe('IntlProvider in the browser build, which has no ICU parser (ADR 0023)', () => {
  const realParse = IntlMessageFormat.__parse;
  /** What scripts/vite/icu-parser.ts gives react-intl instead of the parser. */
  function withoutParser() {
    IntlMessageFormat.__parse = plainTextOnly;
  }
  afterEach(() => {
    IntlMessageFormat.__parse = realParse;
  });

  it('formats the server’s parsed messages without a parser', () => {
    withoutParser();
    render(
      <IntlProvider
        locale="de"
        messages={{
          'components.pagination.page': parse('Seite {page}'),
          'components.select.noOptions': parse('Keine Optionen'),
        }}
      >
        <Greeting />
      </IntlProvider>,
    );
    expect(screen.getByText('Seite 1.234')).toBeInTheDocument();
    expect(screen.getByText('Keine Optionen')).toBeInTheDocument();
  });

  it('formats a plain English default the catalogue leaves out without the parser (ADR 0056)', async () => {
    withoutParser();
    render(
      <IntlProvider locale="en" messages={{ 'components.pagination.page': parse('Page {page}') }}>
        <Greeting />
      </IntlProvider>,
    );
    expect(screen.getByText('No options available')).toBeInTheDocument();
    expect(screen.getByText('Page 1,234')).toBeInTheDocument();
    // A format error would have loaded the real parser (it is one dynamic import away here).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(IntlMessageFormat.__parse).toBe(plainTextOnly);
    expect(canParseMessages()).toBe(false);
  });

  it('loads the parser for a default message with values, then formats it', async () => {
    withoutParser();
    render(
      <IntlProvider locale="en" messages={{ 'components.select.noOptions': parse('No options available') }}>
        <Greeting />
      </IntlProvider>,
    );
    expect(await screen.findByText('Page 1,234')).toBeInTheDocument();
    expect(screen.queryByText('Page {page}')).not.toBeInTheDocument();
  });
});
