import sanitizeHtml from 'sanitize-html';

/**
 * The rich text a static page may carry: headings, paragraphs, lists, links, emphasis, code,
 * quotes and tables. Everything else is dropped, with the text of script and style elements;
 * links open nothing but http(s), mailto, tel and paths of this site, and never give the new
 * page a handle on ours.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'code',
    'pre',
    'blockquote',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    ol: ['start'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, { target, ...attribs }) => ({
      tagName,
      attribs: { ...attribs, ...(target === '_blank' ? { target } : {}), rel: 'noopener noreferrer' },
    }),
  },
};

/** Static page HTML made safe to render, whatever the database holds. */
export function sanitizePageHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
