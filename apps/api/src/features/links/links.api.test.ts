import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkGroups } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createLinksService } from './service.ts';

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

describe('POST /api/links.get.php', () => {
  it('answers an empty list when there are no links', async () => {
    const res = await request(t.app).post('/api/links.get.php').send({});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ l: [] });
  });

  it('returns the groups in their order with their links in order, leaving out empty groups', async () => {
    createLinksService(t).addGroups([
      {
        name: 'National Clubs',
        links: [
          { url: 'https://a.example/', label: 'Alpha' },
          { url: 'https://b.example/', label: 'Bravo' },
        ],
      },
      { name: 'Empty Group', links: [] },
      { name: 'Suppliers', links: [{ url: 'https://c.example/', label: 'Charlie' }] },
    ]);
    createLinksService(t).addGroups([{ name: 'Other Chapters', links: [{ url: 'https://d.example/', label: 'Delta' }] }]);

    const res = await request(t.app).post('/api/links.get.php').send({});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      l: [
        {
          groupName: 'National Clubs',
          links: [
            { url: 'https://a.example/', label: 'Alpha' },
            { url: 'https://b.example/', label: 'Bravo' },
          ],
        },
        { groupName: 'Suppliers', links: [{ url: 'https://c.example/', label: 'Charlie' }] },
        { groupName: 'Other Chapters', links: [{ url: 'https://d.example/', label: 'Delta' }] },
      ],
    });
    expect(
      t.db
        .select()
        .from(linkGroups)
        .all()
        .map((g) => g.name),
    ).toContain('Empty Group');
  });

  it('answers GET as well, and takes form-encoded posts from the legacy client', async () => {
    const viaGet = await request(t.app).get('/api/links.get.php');
    expect(viaGet.status).toBe(200);
    expect(viaGet.body.l.length).toBeGreaterThan(0);
    const viaForm = await request(t.app).post('/api/links.get.php').type('form').send({ g: '' });
    expect(viaForm.status).toBe(200);
    expect(viaForm.body).toEqual(viaGet.body);
  });
});
