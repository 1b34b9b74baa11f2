import sanitizeHtml from 'sanitize-html';

/**
 * The one sanitiser of staff-written HTML (FAQ answers, blog long descriptions), run on the server before the HTML is
 * stored, with `sanitize-html` (maintained, parser-based allow-list). Kept: the formatting the rich-text editor
 * produces (paragraphs, headings, bold/italic/underline/strike, lists, quotes, code, links, rules, line breaks).
 * Dropped: every other tag and attribute, so scripts, event handlers (`onerror=`), `style` (and its expressions),
 * iframes, objects, forms, SVG and MathML; links other than http(s) and mailto (`javascript:`, `data:`). Script,
 * style, SVG and MathML are dropped with their content.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'del',
    'mark',
    'sub',
    'sup',
    'small',
    'span',
    'blockquote',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'a',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'svg', 'math', 'iframe', 'object', 'template'],
  transformTags: {
    // Links leave the site in a new tab, without the opener or the referrer, and are not endorsed.
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        ...(attribs.title ? { title: attribs.title } : {}),
        target: '_blank',
        rel: 'noopener noreferrer nofollow',
      },
    }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** True when the sanitised HTML shows nothing (no text, e.g. `<p></p>` or a removed script). */
export function isBlankHtml(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') === '';
}
