/**
 * A mail-client check of an e-mail's HTML: what Gmail, Outlook and Apple Mail need to show it as
 * written. No external or embedded style sheets (Gmail drops <style> in many views, and no client
 * loads a <link>ed one), no scripts, every picture with width, height and alt text (Outlook
 * ignores CSS sizes; a blocked picture shows its alt text), absolute http(s) links and pictures,
 * and a layout no wider than a phone can scale (600 px).
 */
export function lintMailHtml(html: string): string[] {
  const problems: string[] = [];
  if (/<link\b[^>]*rel=["']?stylesheet/i.test(html) || /<link\b/i.test(html)) problems.push('a <link> (external CSS)');
  if (/<style\b/i.test(html)) problems.push('a <style> block (use inline styles)');
  if (/@import/i.test(html)) problems.push('an @import (external CSS)');
  if (/<script\b/i.test(html)) problems.push('a <script>');
  for (const tag of html.match(/<img\b[^>]*>/gi) ?? []) {
    for (const attribute of ['width', 'height', 'alt']) {
      if (!new RegExp(`\\s${attribute}="[^"]*"`, 'i').test(tag)) problems.push(`an image without ${attribute}: ${tag.slice(0, 80)}`);
    }
    if (/\swidth="(?!\d+")/i.test(tag) || /\sheight="(?!\d+")/i.test(tag))
      problems.push(`an image whose width or height is not in pixels: ${tag.slice(0, 80)}`);
    if (!/\ssrc="https?:\/\//i.test(tag)) problems.push(`an image whose src is not an absolute http(s) address: ${tag.slice(0, 80)}`);
  }
  for (const [, href = ''] of html.matchAll(/<a\b[^>]*\shref="([^"]*)"/gi)) {
    if (!/^https?:\/\//i.test(href) && !href.startsWith('mailto:')) problems.push(`a link that is not absolute: ${href}`);
  }
  for (const [, width = '0'] of html.matchAll(/\swidth="(\d+)"/gi)) {
    if (Number(width) > 600) problems.push(`something ${width} px wide (a phone scales at most 600)`);
  }
  return problems;
}
