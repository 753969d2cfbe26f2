import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';

const t = createTestApp({ BASE_URL: 'https://www.example-club.org' });
afterAll(() => t.close());

describe('robots.txt and sitemap.xml', () => {
  it('serves a robots.txt that keeps crawlers out of members-only pages and names the sitemap', async () => {
    const res = await request(t.app).get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/account', '/memberList', '/forum', '/events', '/new-page-4', '/api/']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain('Sitemap: https://www.example-club.org/sitemap.xml');
  });

  it('lists the public pages at the public address, and no members-only page', async () => {
    const res = await request(t.app).get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const locations = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toContain('https://www.example-club.org/');
    expect(locations).toContain('https://www.example-club.org/new-page-2');
    expect(locations).toContain('https://www.example-club.org/the-shaft-award-1');
    expect(locations).toContain('https://www.example-club.org/contact');
    expect(locations.some((url) => /memberList|account|forum|\/events|new-page-4/.test(url ?? ''))).toBe(false);
  });
});
