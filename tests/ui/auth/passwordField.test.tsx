import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PasswordField } from '../../../src/features/forms/PasswordField';
import { IntlProvider } from '../../../src/i18n/IntlProvider';
import { renderWithIntl } from '../components/renderWithIntl';

const label = { id: 'auth.field.password', defaultMessage: 'Password' };

function Field({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <PasswordField
      label={label}
      name="password"
      value={value}
      onChange={setValue}
      isInvalid={false}
      errorMessage={undefined}
    />
  );
}

const input = () => screen.getByLabelText('Password', { selector: 'input' }) as HTMLInputElement;
const toggle = () => screen.getByRole('button', { name: 'Show password' });

describe('PasswordField: show and hide the password', () => {
  it('a pointer press shows the password and hides it again; text, focus and caret stay', async () => {
    const user = userEvent.setup();
    renderWithIntl(<Field />);
    expect(input()).toHaveAttribute('type', 'password');
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');
    await user.type(input(), 'Diamond7');
    input().setSelectionRange(3, 3);

    await user.click(toggle());
    expect(input()).toHaveAttribute('type', 'text');
    expect(toggle()).toHaveAttribute('aria-pressed', 'true');
    expect(input()).toHaveValue('Diamond7');
    expect(input()).toHaveFocus();
    expect([input().selectionStart, input().selectionEnd]).toEqual([3, 3]);
    await user.keyboard('X');
    expect(input()).toHaveValue('DiaXmond7');

    await user.click(toggle());
    expect(input()).toHaveAttribute('type', 'password');
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');
    expect(input()).toHaveValue('DiaXmond7');
    expect(input()).toHaveFocus();
    expect([input().selectionStart, input().selectionEnd]).toEqual([4, 4]);
  });

  it('is operable by keyboard: Tab reaches it after the input, Space and Enter toggle it', async () => {
    const user = userEvent.setup();
    renderWithIntl(<Field initial="Diamond7" />);
    await user.tab();
    expect(input()).toHaveFocus();
    await user.tab();
    expect(toggle()).toHaveFocus();
    await user.keyboard(' ');
    expect(input()).toHaveAttribute('type', 'text');
    expect(toggle()).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{Enter}');
    expect(input()).toHaveAttribute('type', 'password');
    expect(input()).toHaveValue('Diamond7');
  });

  it('never submits its form', async () => {
    const user = userEvent.setup();
    let submitted = 0;
    renderWithIntl(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submitted += 1;
        }}
      >
        <Field initial="Diamond7" />
      </form>,
    );
    await user.click(toggle());
    expect(submitted).toBe(0);
    expect(toggle()).toHaveAttribute('type', 'button');
  });

  it('the server renders it as a plain button of type button, the password hidden', () => {
    const html = renderToString(
      <IntlProvider locale="en">
        <Field initial="" />
      </IntlProvider>,
    );
    expect(html).toMatch(
      /<button[^>]*type="button"[^>]*aria-label="Show password"|<button[^>]*aria-label="Show password"[^>]*type="button"/,
    );
    expect(html).toMatch(/<input[^>]*type="password"/);
  });

  it.each([
    ['de', 'Passwort anzeigen'],
    ['es', 'Mostrar contraseña'],
  ])('is named in %s', async (locale, name) => {
    const { catalogue } = await import(`../../../server/db/seed/catalogues/${locale}.json`).then((m) => ({
      catalogue: m.default as Record<string, string>,
    }));
    expect(catalogue['forms.password.show']).toBe(name);
  });
});
