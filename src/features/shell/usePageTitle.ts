import { useEffect, useState } from 'react';

export const SITE_NAME = 'Blockfront';

/** 'Sign In · Blockfront' for the heading 'Sign In'; the site name alone without one. */
export function pageTitle(heading: string | null | undefined): string {
  const text = heading?.replace(/\s+/g, ' ').trim();
  return text ? `${text} · ${SITE_NAME}` : SITE_NAME;
}

/**
 * document.title follows the page's own heading (the first h1 in `#content`), so it is in the
 * current language and needs no second list of titles beside the routes. Read from the rendered
 * page because headings arrive late (lazy routes, the static pages' server titles, a language
 * change). Returns the title to announce: empty at start-up (the browser reads the new page
 * itself), then each new title, for the shell's polite live region.
 */
export function usePageTitle(): string {
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    const content = document.getElementById('content');
    if (content === null) return;
    // The first page's heading sets the title silently; each later one is announced.
    let settled = false;
    const update = () => {
      const heading = content.querySelector('h1')?.textContent?.trim() ?? '';
      const title = pageTitle(heading);
      if (title !== document.title) {
        document.title = title;
        if (settled && heading !== '') setAnnouncement(title);
      }
      if (heading !== '') settled = true;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(content, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return announcement;
}
