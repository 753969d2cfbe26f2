import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallResponse } from '@club/contracts';
import { createDemoTestApp } from '../../test/demo-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { DEMO_ACCOUNTS } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createDemoTestApp();
}, 60_000);
afterAll(() => t.close());

describe('the demo route books', () => {
  it('has a real-looking tour on the map, public and members-only drives, and the Hermann tour uses its route', async () => {
    const account = DEMO_ACCOUNTS.find((candidate) => candidate.role === 'member (no edit rights)');
    const login = await request(t.app).post('/api/session.create.php').send({ u: account?.email, p: account?.password });
    const g = login.body.g as string;
    const members = (await request(t.app).post('/api/routes.list.php').send({ g })).body as CallResponse<'routes.list'>;
    const visitors = (await request(t.app).post('/api/routes.list.php').send({})).body as CallResponse<'routes.list'>;
    expect(members.routes.length).toBeGreaterThanOrEqual(3);
    expect(visitors.routes.length).toBeGreaterThan(0);
    expect(visitors.routes.length).toBeLessThan(members.routes.length);

    const hermann = members.routes.find((route) => route.title.includes('Hermann'));
    expect(hermann?.drivenOn.map((event) => event.title)).toContain('Wildflower Tour to Hermann');
    expect(hermann?.miles).toBeGreaterThan(40);
    const { route } = (await request(t.app).post('/api/route.get.php').send({ g, id: hermann?.id })).body as CallResponse<'route.get'>;
    expect(route.steps.length).toBeGreaterThanOrEqual(15);
    expect(route.track.length).toBeGreaterThan(100);
    expect(new Set(route.steps.map((step) => step.stop).filter(Boolean))).toEqual(new Set(['fuel', 'food', 'restroom', 'sight']));
    expect(route.steps.every((step) => step.lat !== null)).toBe(true);
    expect(route.steps.some((step) => step.note !== '')).toBe(true);
  });
});
