import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { expect } from 'vitest';
import type { Schemas } from '../../../src/api';
import { api, failure } from '../support';

export { authResponse } from '../support/handlers';

export const messageResponse = (message: string) => HttpResponse.json({ status: 'OK' as const, message });

/** docs/product.md §8's client texts, and the answers that make the client show them. */
export const CLIENT_FAILURES = [
  { answer: '429', respond: () => failure(429, ''), message: 'Too many requests. Please wait a moment.' },
  { answer: '503', respond: () => failure(503, ''), message: 'Server error. Please try again later.' },
  {
    answer: 'none',
    respond: () => HttpResponse.error(),
    message: 'Network error. Please check your connection.',
  },
] as const;

/** A 422 with field errors, as the server sends it. */
export const fieldErrors = (errors: Schemas['FieldErrors']) =>
  failure(422, Object.values(errors).flat()[0] ?? 'Invalid data', errors);

type Method = 'get' | 'post' | 'put';

/**
 * An operation whose answers the test gives one by one: each request waits until `answer(...)`,
 * so the screen can be checked while the call runs. `requests` counts what reached the server.
 */
export function heldOperation(method: Method, path: string) {
  const waiting: Array<(response: Response) => void> = [];
  const bodies: unknown[] = [];
  const handler = http[method](api(path), async ({ request }) => {
    bodies.push(request.method === 'GET' ? null : await request.clone().json());
    return new Promise<Response>((resolve) => waiting.push(resolve));
  });
  return {
    handler,
    bodies,
    get requests() {
      return bodies.length;
    },
    /** Answers the oldest waiting request (waits for it to arrive first). */
    async answer(response: Response) {
      await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
      waiting.shift()?.(response);
    },
  };
}

export const main = () => screen.getByRole('main');

/** A field of the form by its label (text fields and the filterable select). */
export function field(label: string): HTMLElement {
  return within(main()).getByLabelText(label, { selector: 'input, select' });
}

/** The message shown at a field (linked to it), or at the form (role alert). */
export async function expectFieldError(label: string, message: string): Promise<void> {
  await waitFor(() => expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(message)));
  expect(field(label)).toHaveAttribute('aria-invalid', 'true');
}

export async function expectFormError(message: string): Promise<void> {
  expect(await within(main()).findByRole('alert')).toHaveTextContent(message);
}

export function expectNoErrors(labels: readonly string[]): void {
  for (const label of labels) expect(field(label)).not.toHaveAttribute('aria-invalid', 'true');
  expect(within(main()).queryByRole('alert')).not.toBeInTheDocument();
}
