// The rule of a social link's address, shared by the console's form and the API.

/**
 * The home page puts `link` in an anchor's href: only an absolute https URL, so that no
 * `javascript:` or `data:` link, nor an address that leaves TLS, ever reaches a customer.
 */
export function isHttpsLink(link: string): boolean {
  // Written as it is read: `https:/x` or ` https://x` would be resolved to a URL it does not show.
  if (!/^https:\/\/[^\s]+$/i.test(link)) return false;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}
