import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, fixtures, ok, renderApp } from '../support';

const banner = () => screen.queryByRole('region', { name: 'Cookie consent' });

describe('cookie banner (docs/product.md §2, §4 "Cookie consent", §9)', () => {
  it('Accept hides it and stores cookie_consent=true, so it stays hidden after a reload', async () => {
    const view = renderApp();
    await view.ready();
    const region = await screen.findByRole('region', { name: 'Cookie consent' });
    expect(region).toHaveTextContent(/cookies/i);

    await view.user.click(within(region).getByRole('button', { name: 'Accept' }));
    expect(banner()).not.toBeInTheDocument();
    expect(document.cookie).toContain('cookie_consent=true');

    const reloaded = view.reload();
    await reloaded.ready();
    await screen.findByRole('banner');
    expect(banner()).not.toBeInTheDocument();
  });

  it('Decline hides it and stores false, but a reload shows it again', async () => {
    const view = renderApp();
    await view.ready();
    await view.user.click(
      within(await screen.findByRole('region', { name: 'Cookie consent' })).getByRole('button', {
        name: 'Decline',
      }),
    );
    expect(banner()).not.toBeInTheDocument();
    expect(document.cookie).toContain('cookie_consent=false');

    const reloaded = view.reload();
    await reloaded.ready();
    expect(await screen.findByRole('region', { name: 'Cookie consent' })).toBeInTheDocument();
  });

  it("a stored 'true' hides it from the start; a stored 'false' does not", async () => {
    const accepted = renderApp({ cookies: 'cookie_consent=true' });
    await accepted.ready();
    await screen.findByRole('banner');
    expect(banner()).not.toBeInTheDocument();
    accepted.unmount();

    const declined = renderApp({ cookies: 'cookie_consent=false' });
    await declined.ready();
    expect(await screen.findByRole('region', { name: 'Cookie consent' })).toBeInTheDocument();
  });

  it('Learn more opens the static page whose title mentions cookies', async () => {
    const view = renderApp();
    await view.ready();
    const region = await screen.findByRole('region', { name: 'Cookie consent' });
    const learnMore = await within(region).findByRole('link', { name: 'Learn more' });
    await waitFor(() => expect(learnMore).toHaveAttribute('href', '/cookie-policy'));
    await view.user.click(learnMore);
    await waitFor(() => expect(view.location()).toBe('/cookie-policy'));
  });

  it('Learn more falls back to the not-found page when there is no cookie page', async () => {
    const pages = fixtures.staticPageSummaries.filter((page) => !/cookie/i.test(page.title));
    const view = renderApp({ handlers: [http.get(api('/static-pages'), () => ok(pages))] });
    await view.ready();
    const region = await screen.findByRole('region', { name: 'Cookie consent' });
    await view.user.click(within(region).getByRole('link', { name: 'Learn more' }));
    expect(await screen.findByRole('heading', { name: 'Oops! Page Not Found' })).toBeInTheDocument();
  });
});
