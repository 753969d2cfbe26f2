import { describe, expect, it } from 'vitest';
import { creditHtml } from './map-credit.ts';

describe('the route map’s tile credit', () => {
  it('links OpenStreetMap to its copyright page, as its tile policy asks', () => {
    expect(creditHtml('© OpenStreetMap contributors')).toBe('© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors');
  });

  it('shows any other credit as plain text, markup and all', () => {
    expect(creditHtml('Tiles © <b>Example</b> & co')).toBe('Tiles © &lt;b&gt;Example&lt;/b&gt; &amp; co');
  });
});
