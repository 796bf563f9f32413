import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, fixtures, ok, renderApp } from '../support';

async function footerOf(view: ReturnType<typeof renderApp>) {
  await view.ready();
  return screen.findByRole('contentinfo');
}

describe('footer (docs/product.md §2 "Shell")', () => {
  it('links Main, Rules, FAQ, Shop and every other static page by its slug (rules and FAQ once)', async () => {
    const footer = await footerOf(renderApp());
    const nav = within(footer).getByRole('navigation');
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Main', '/'],
      ['Rules', '/rules'],
      ['FAQ', '/faq'],
      ['Shop', '/shop'],
      ['Terms of Service', '/terms'],
      ['Privacy Policy', '/privacy'],
      ['Cookie Policy', '/cookie-policy'],
    ]);
  });

  it('shows the company, requisites, the support mailto link and the copyright with the current year', async () => {
    const footer = await footerOf(renderApp());
    expect(footer).toHaveTextContent('Blockfront Games GmbH');
    expect(footer).toHaveTextContent('Example Street 1, 10115 Berlin, Germany');
    expect(footer).toHaveTextContent('VAT ID DE123456789');
    expect(within(footer).getByRole('link', { name: 'support@blockfront.example' })).toHaveAttribute(
      'href',
      'mailto:support@blockfront.example',
    );
    expect(footer).toHaveTextContent(
      `© ${new Date().getFullYear()} Blockfront Network. All rights reserved.`,
    );
    expect(within(footer).getByRole('list', { name: 'We accept debit and credit cards' })).toHaveTextContent(
      'VISA',
    );
  });

  it('hides the company block when the address is missing', async () => {
    const settings = { ...fixtures.settings, company_address: null };
    const footer = await footerOf(renderApp({ handlers: [http.get(api('/settings'), () => ok(settings))] }));
    expect(footer).not.toHaveTextContent('Blockfront Games GmbH');
    expect(footer).toHaveTextContent('VAT ID DE123456789');
  });

  it('hides the company block when the name is missing', async () => {
    const settings = { ...fixtures.settings, company_name: null };
    const footer = await footerOf(renderApp({ handlers: [http.get(api('/settings'), () => ok(settings))] }));
    expect(footer).not.toHaveTextContent('Example Street 1');
  });
});
