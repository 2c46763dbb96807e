/**
 * The rich text of notices, cleaned on the server before it is stored (docs/product.md §Notices): an allow-list
 * of the elements and attributes the editor (Tiptap's starter kit) produces, run by the
 * `sanitize-html` library. Everything else goes: scripts, styles, event handlers, iframes, forms,
 * and URLs other than http(s), mailto and same-page anchors (so no `javascript:` or `data:`).
 * Links open in a new tab without giving it the portal's window (`rel="noopener noreferrer"`).
 */
import sanitizeHtml from 'sanitize-html';

const TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'hr',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'sub',
  'sup',
];
const ATTRIBUTES = { ol: ['start'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] };

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: TAGS,
  allowedAttributes: { ...ATTRIBUTES, a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // the contents of these go with them (the rest of a refused element keeps its text)
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  disallowedTagsMode: 'discard',
};

/**
 * What a kept link may point to: http(s), mailto, an anchor, or a path on this site (`/…`, but not
 * `//` or `/\\`, which browsers read as another host). sanitize-html lets any relative URL through.
 */
const SAFE_HREF = /^(?:https?:\/\/|mailto:|#|\/(?![/\\]))/i;

/** A second pass over clean HTML: a link that kept a safe URL opens in a new tab, safely; others lose the URL. */
const LINKS: sanitizeHtml.IOptions = {
  allowedTags: TAGS,
  allowedAttributes: { ...ATTRIBUTES, a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => ({
      tagName,
      attribs: attribs.href && SAFE_HREF.test(attribs.href) ? { href: attribs.href, target: '_blank', rel: 'noopener noreferrer' } : {},
    }),
  },
};

/** Block ends that become a line break in the plain text. */
const BLOCK_END = /<\/(?:p|h[2-4]|li|blockquote|pre|tr|td|th)>|<br\s*\/?>|<hr\s*\/?>/gi;

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': '\u00a0' };

export interface CleanBody {
  /** HTML safe to render as it is */
  html: string;
  /** the text without markup, one line per block, for keyword search */
  text: string;
}

/** Cleans the editor's HTML (see above) and derives its plain text. */
export function sanitiseNoticeHtml(input: string): CleanBody {
  const html = sanitizeHtml(sanitizeHtml(input, OPTIONS), LINKS).trim();
  const text = sanitizeHtml(html.replace(BLOCK_END, '$&\n'), { allowedTags: [], allowedAttributes: {} })
    .replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/[ \t\u00a0]+\n/g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
  return { html, text };
}
