import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'react-aria-components';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from '../../../src/components/Checkbox/Checkbox';
import { EmptyState } from '../../../src/components/EmptyState/EmptyState';
import { ErrorText } from '../../../src/components/ErrorText/ErrorText';
import { Spinner } from '../../../src/components/Spinner/Spinner';
import { TextField } from '../../../src/components/TextField/TextField';
import { renderWithIntl } from './renderWithIntl';

describe('TextField', () => {
  it('labels its input and describes it', () => {
    renderWithIntl(<TextField label="Email" type="email" description="We never share it." />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAccessibleDescription('We never share it.');
  });

  it('shows its error message when invalid', () => {
    renderWithIntl(<TextField label="Email" isInvalid errorMessage="Invalid email format" />);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Invalid email format')).toBeInTheDocument();
  });

  it("shows the server's field error from the form", () => {
    renderWithIntl(
      <Form validationErrors={{ email: 'The email has already been taken.' }}>
        <TextField label="Email" name="email" />
      </Form>,
    );
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'The email has already been taken.',
    );
  });

  it('reports typing', async () => {
    const onChange = vi.fn();
    renderWithIntl(<TextField label="City" onChange={onChange} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'City' }), 'Oslo');
    expect(onChange).toHaveBeenLastCalledWith('Oslo');
  });
});

describe('Checkbox', () => {
  it('toggles and links its error message', async () => {
    const onChange = vi.fn();
    renderWithIntl(
      <Checkbox onChange={onChange} errorMessage="Please accept the terms and privacy policy">
        I accept the terms
      </Checkbox>,
    );
    const checkbox = screen.getByRole('checkbox', { name: 'I accept the terms' });
    expect(checkbox).toHaveAccessibleDescription('Please accept the terms and privacy policy');
    expect(checkbox).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(checkbox);
    expect(onChange).toHaveBeenCalledWith(true);
  });
});

describe('Spinner, ErrorText and EmptyState', () => {
  it('gives the spinner an accessible label', () => {
    renderWithIntl(<Spinner />);
    expect(screen.getByRole('progressbar', { name: 'Loading...' })).toBeInTheDocument();
  });

  it('announces an error text', () => {
    renderWithIntl(<ErrorText>Failed to fetch page</ErrorText>);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch page');
  });

  it('shows an empty state with its action', () => {
    renderWithIntl(<EmptyState title="No orders found" action={<a href="/shop">Start Shopping</a>} />);
    expect(screen.getByRole('heading', { level: 2, name: 'No orders found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/shop');
  });
});
