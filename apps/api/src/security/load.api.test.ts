import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * A bounded load run on loopback: 50 members at once, each reading (session, member list,
 * presidents) and writing (a new president row, a settings change) as fast as answers come, for
 * LOAD_SECONDS (5 in `pnpm test`; `LOAD_SECONDS=60` for the full minute). No 5xx, and every write
 * that was answered 200 is in the database afterwards. Prints the figures and the peak memory.
 */
const MEMBERS = 50;
const SECONDS = Number(process.env.LOAD_SECONDS ?? 5);

let t: TestApp;
let server: Server;
let base: string;
let members: TestMember[];

beforeAll(async () => {
  t = createTestApp();
  members = Array.from({ length: MEMBERS }, () => createMember(t.db, { permissions: ['history'] }));
  server = t.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  t.close();
});

async function call(name: string, body: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${base}/api/${name}.php`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('load', () => {
  it(
    `${MEMBERS} members reading and writing for ${SECONDS} s: no 5xx, no lost write`,
    async () => {
      const statuses = new Map<number, number>();
      const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
      let acknowledged = 0;
      let requests = 0;
      let peakRss = process.memoryUsage().rss;
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      }, 50);
      const deadline = Date.now() + SECONDS * 1000;

      const memberLoop = async (member: TestMember, index: number) => {
        for (let round = 0; Date.now() < deadline; round += 1) {
          const replies = await Promise.all([call('session.get', { g: member.token }), call('members.get', { g: member.token }), call('presidents.get', {})]);
          for (const reply of replies) count(reply.status);
          const write = await call('president.save', { g: member.token, i: 0, y: 1900 + (round % 120), n: `load ${index}-${round}` });
          count(write.status);
          if (write.status === 200) acknowledged += 1;
          const settings = await call('user.settings.set', { g: member.token, e: round % 2 });
          count(settings.status);
          requests += 5;
        }
      };
      await Promise.all(members.map(memberLoop));
      clearInterval(sampler);

      const stored = (t.db.$client.prepare("SELECT COUNT(*) AS n FROM presidents WHERE name LIKE 'load %'").get() as { n: number }).n;
      const serverErrors = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
      console.log(
        `load: ${MEMBERS} members, ${SECONDS} s, ${requests} requests (${Math.round(requests / SECONDS)}/s), ` +
          `statuses ${JSON.stringify(Object.fromEntries(statuses))}, writes acknowledged ${acknowledged}, stored ${stored}, ` +
          `lost ${acknowledged - stored}, peak RSS ${Math.round(peakRss / 1024 / 1024)} MB`,
      );
      expect(serverErrors).toBe(0);
      expect(acknowledged).toBeGreaterThan(MEMBERS);
      expect(stored).toBe(acknowledged);
      expect(statuses.get(200)).toBe(requests);
    },
    SECONDS * 1000 + 60_000,
  );
});
