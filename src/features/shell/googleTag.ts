const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

/** Marks the elements we inserted, so the tag goes in once per page. */
export const GOOGLE_TAG_ATTRIBUTE = 'data-google-tag';

/**
 * The `google_tag` setting as script elements (docs/product.md §3). The server's CSP allows the hash of
 * each inline script's exact text and the URL of each external one, reading the snippet the
 * same way (server/http/security.ts): a snippet without `<script>` tags is one inline script.
 * Scripts parsed from HTML never run, so each one is recreated with its attributes and text.
 */
export function googleTagScripts(snippet: string, doc: Document = document): HTMLScriptElement[] {
  const tags = [...snippet.matchAll(SCRIPT)];
  if (tags.length === 0) return [inlineScript(doc, snippet)];
  return tags.map(([, attributes = '', body = '']) => {
    const script = inlineScript(doc, body);
    for (const [, name = '', double, single, bare] of attributes.matchAll(ATTRIBUTE)) {
      script.setAttribute(name, double ?? single ?? bare ?? '');
    }
    return script;
  });
}

function inlineScript(doc: Document, text: string): HTMLScriptElement {
  const script = doc.createElement('script');
  script.text = text;
  script.setAttribute(GOOGLE_TAG_ATTRIBUTE, '');
  return script;
}

/** Appends the tag's scripts to `<head>` unless they are already there. */
export function injectGoogleTag(snippet: string | null, doc: Document = document): void {
  if (!snippet || doc.head.querySelector(`script[${GOOGLE_TAG_ATTRIBUTE}]`)) return;
  doc.head.append(...googleTagScripts(snippet, doc));
}
