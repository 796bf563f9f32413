import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from '../../../src/components/Pagination/Pagination';
import { pageItems } from '../../../src/components/Pagination/pageItems';
import { renderWithIntl } from './renderWithIntl';

describe('pageItems', () => {
  it('lists every page up to 7', () => {
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps the first, the last and the neighbours of the current page beyond 7', () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(pageItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'gap', 6, 7, 8, 9, 10]);
  });
});

describe('Pagination', () => {
  it('renders nothing for a single page', () => {
    const { container } = renderWithIntl(<Pagination page={1} pageCount={1} onChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('marks the current page and moves to the one pressed', async () => {
    const onChange = vi.fn();
    renderWithIntl(<Pagination page={2} pageCount={3} onChange={onChange} />);
    const navigation = screen.getByRole('navigation', { name: 'Pagination' });
    expect(navigation).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await userEvent.click(screen.getByRole('button', { name: /Previous/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(onChange.mock.calls).toEqual([[3], [1]]);
  });

  it('disables Previous on the first page and Next on the last', () => {
    const { rerender } = renderWithIntl(<Pagination page={1} pageCount={4} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Next/ })).toBeEnabled();
    rerender(<Pagination page={4} pageCount={4} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
  });
});
