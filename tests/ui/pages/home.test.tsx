import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, fixtures, ok, renderApp, SIGNED_IN } from '../support';

const withServer = (game_server: { host: string; port: number | null } | null) =>
  http.get(api('/settings'), () => ok({ ...fixtures.settings, game_server }));

const SECTIONS = [
  'Your next adventure is one address away',
  'Jump in right now',
  'How it works',
  'Why players stay',
  'Claim your spot on the server',
  'Join the community',
];

describe('home page', () => {
  it('renders the hero, copy address, how it works, features, sign-up and social sections', async () => {
    renderApp();
    for (const name of SECTIONS) {
      expect(await screen.findByRole('region', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(SECTIONS[0] ?? '');
    const how = screen.getByRole('region', { name: 'How it works' });
    expect(within(how).getByRole('heading', { name: 'Grab the address' })).toBeInTheDocument();
    expect(within(how).getByRole('heading', { name: 'Paste it in Multiplayer' })).toBeInTheDocument();
    const features = screen.getByRole('region', { name: 'Why players stay' });
    for (const feature of ['Adventure on demand', 'One-click sharing', 'Curated quality']) {
      expect(within(features).getByRole('heading', { name: feature })).toBeInTheDocument();
    }
    const signUp = screen.getByRole('region', { name: 'Claim your spot on the server' });
    expect(within(signUp).getByRole('link', { name: 'Create free account' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('links every social network in a new tab, safely, and says so', async () => {
    renderApp();
    const social = await screen.findByRole('region', { name: 'Join the community' });
    const links = within(social).getAllByRole('link');
    expect(links).toHaveLength(fixtures.socialLinks.length);
    fixtures.socialLinks.forEach((expected, index) => {
      const link = links[index];
      expect(link).toHaveAccessibleName(`${expected.title} (opens in a new tab)`);
      expect(link).toHaveAttribute('href', expected.link);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link?.querySelector('img')).toHaveAttribute('src', expected.img);
    });
  });

  it('hides the sign-up call to action from a signed-in customer', async () => {
    renderApp({ storage: SIGNED_IN });
    expect(await screen.findByRole('region', { name: 'Join the community' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Claim your spot on the server' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create free account' })).not.toBeInTheDocument();
  });
});

describe('home copy buttons', () => {
  it('copy host and port, and the machine toasts the success', async () => {
    const { user, clipboard } = renderApp({
      handlers: [withServer({ host: 'play.example.net', port: 25565 })],
    });
    const buttons = [
      await screen.findByRole('button', { name: 'Copy IP' }),
      screen.getByRole('button', { name: 'Copy server address' }),
    ];
    expect(screen.getAllByText('play.example.net:25565')).toHaveLength(2);
    for (const button of buttons) {
      clipboard.writeText.mockClear();
      await user.click(button);
      expect(clipboard.writeText).toHaveBeenCalledExactlyOnceWith('play.example.net:25565');
    }
    expect(await screen.findAllByText('Server IP copied to clipboard!')).not.toHaveLength(0);
  });

  it('copy just the host when the server has no port', async () => {
    const { user, clipboard } = renderApp({
      handlers: [withServer({ host: 'play.example.net', port: null })],
    });
    await user.click(await screen.findByRole('button', { name: 'Copy IP' }));
    expect(clipboard.writeText).toHaveBeenCalledExactlyOnceWith('play.example.net');
    expect(screen.getAllByText('play.example.net')).toHaveLength(2);
  });

  it("toasts 'Failed to copy IP.' when the clipboard refuses", async () => {
    const { user, clipboard } = renderApp({
      handlers: [withServer({ host: 'play.example.net', port: 25565 })],
    });
    const button = await screen.findByRole('button', { name: 'Copy IP' });
    clipboard.writeText.mockRejectedValueOnce(new DOMException('Denied', 'NotAllowedError'));
    await user.click(button);
    expect(await screen.findByText('Failed to copy IP.')).toBeInTheDocument();
    expect(screen.queryByText('Server IP copied to clipboard!')).not.toBeInTheDocument();
  });

  it("shows 'Loading...' and cannot copy while the address is unknown", async () => {
    const { clipboard } = renderApp({ handlers: [withServer(null)] });
    const button = await screen.findByRole('button', { name: 'Copy IP' });
    expect(button).toBeDisabled();
    expect(screen.getAllByText('Loading...').length).toBeGreaterThanOrEqual(2);
    expect(clipboard.writeText).not.toHaveBeenCalled();
  });
});
