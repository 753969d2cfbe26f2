import { describe, expect, it } from 'vitest';
import { parseEventText } from './event-text.ts';

describe('parseEventText', () => {
  it('turns [u]url[/u] markers with http or https addresses into links', () => {
    expect(parseEventText('Route: [u]https://maps.example.com/?q=a&b=1[/u] and [U]http://example.org[/U].')).toEqual([
      { kind: 'text', text: 'Route: ' },
      { kind: 'link', url: 'https://maps.example.com/?q=a&b=1' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', url: 'http://example.org/' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('keeps other schemes, bad addresses and unclosed markers as visible text', () => {
    const text = 'a [u]javascript:alert(1)[/u] b [u]not a url[/u] c [u]https://example.org';
    expect(parseEventText(text)).toEqual([{ kind: 'text', text }]);
  });

  it('leaves markup as text', () => {
    expect(parseEventText('<b>bold</b> & <script>x</script>')).toEqual([{ kind: 'text', text: '<b>bold</b> & <script>x</script>' }]);
  });
});
