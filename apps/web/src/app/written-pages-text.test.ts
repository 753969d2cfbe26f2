import { describe, expect, it } from 'vitest';
import { pageTextOf } from './written-pages-text.ts';

// The build (scripts/site-pages.mjs) renders the pages and writes site-pages.json; this checks
// only how a render's markup becomes the text the search indexes, so it needs no render.
const words = 'The club was founded by a handful of Model A owners who met at a garage. '.repeat(4);

describe('pageTextOf', () => {
  it('keeps the heading and the words of the article, without side boxes and hidden decoration', () => {
    const markup = `<header>Site</header><main><article class="page page--history"><header class="page__header"><h1 class="x">Our <em>History</em></h1><p>Since 1962 &amp; still going</p></header><aside><img alt="Latest newsletter"> May issue</aside><p><span aria-hidden="true">JD</span>${words}</p><p>It&#x27;s here , really .</p></article></main><footer>2026</footer>`;
    expect(pageTextOf('/history', markup)).toEqual({
      path: '/history',
      title: 'Our History',
      text: `Since 1962 & still going ${words.trim()} It's here, really.`,
    });
  });

  it('refuses a render that is not a written page', () => {
    expect(() => pageTextOf('/history', '<main><p>Loading…</p></main>')).toThrow('/history rendered no page article.');
    expect(() => pageTextOf('/tech', '<article class="page"><h1></h1><p>Short.</p></article>')).toThrow('/tech rendered no heading.');
    expect(() => pageTextOf('/tech', '<article class="page"><h1>Tech</h1><p>Short.</p></article>')).toThrow(/too few/);
  });
});
