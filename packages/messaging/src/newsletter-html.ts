import sanitizeHtml from 'sanitize-html';
import juice from 'juice';

/**
 * A newsletter's HTML as it is stored and mailed: `<style>` blocks inlined into `style`
 * attributes (juice: mail clients drop `<style>`), then sanitised (sanitize-html): no scripts,
 * no event handlers, no `javascript:` links, no forms or frames; tables, images and inline styles
 * stay, since a mail layout is made of them. Images must be http(s) or relative to the centre.
 */
const ALLOWED_TAGS = [
  ...sanitizeHtml.defaults.allowedTags.filter((t) => t !== 'style'),
  'img', 'center', 'font', 'span', 'div', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption', 'colgroup', 'col', 'u', 's', 'hr', 'br',
];

const ALLOWED_ATTRIBUTES: sanitizeHtml.IOptions['allowedAttributes'] = {
  '*': ['style', 'class', 'id', 'align', 'valign', 'width', 'height', 'bgcolor', 'border', 'cellpadding', 'cellspacing', 'dir', 'lang', 'title', 'role'],
  a: ['href', 'name', 'target', 'rel', 'style', 'class', 'title'],
  img: ['src', 'alt', 'width', 'height', 'style', 'class', 'border'],
  td: ['colspan', 'rowspan', 'style', 'class', 'align', 'valign', 'width', 'height', 'bgcolor'],
  th: ['colspan', 'rowspan', 'style', 'class', 'align', 'valign', 'width', 'height', 'bgcolor'],
  font: ['color', 'face', 'size'],
};

export const NEWSLETTER_HTML_MAX = 500_000;

export function cleanNewsletterHtml(raw: string): string {
  let inlined: string;
  try {
    inlined = juice(raw, { removeStyleTags: true, preserveMediaQueries: false, applyWidthAttributes: true, applyHeightAttributes: true });
  } catch {
    inlined = raw;
  }
  return sanitizeHtml(inlined, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: ALLOWED_ATTRIBUTES,
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    allowVulnerableTags: false,
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }, true) },
  }).trim();
}

/** The text part of a mail: the HTML's words, one paragraph per block. */
export function htmlToText(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|div|tr|h[1-6]|li|table)>/gi, '\n').replace(/<br\s*\/?>/gi, '\n'), { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n\n')
    .trim();
}
