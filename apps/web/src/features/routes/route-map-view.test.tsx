import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Credit } from './route-map-view.tsx';

describe('the route map’s tile credit', () => {
  it('links OpenStreetMap to its copyright page, as its tile policy asks', () => {
    expect(renderToStaticMarkup(<Credit text="© OpenStreetMap contributors" />)).toBe(
      '<p class="route-map-attribution">© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors</p>',
    );
  });

  it('shows any other credit as plain text, markup and all', () => {
    expect(renderToStaticMarkup(<Credit text={'Tiles © <b>Example</b> & co'} />)).toBe('<p class="route-map-attribution">Tiles © &lt;b&gt;Example&lt;/b&gt; &amp; co</p>');
  });
});
