import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { PROXY_CHECK_REQUESTS, proxyCheck } from './proxy-check.ts';

/** A site behind `trustProxy`, recording what the check warns. */
function site(trustProxy: string[]) {
  const warnings: string[] = [];
  const app = express();
  app.set('trust proxy', trustProxy.length ? trustProxy : false);
  app.use(proxyCheck({ warn: (_details, message) => warnings.push(message) }, trustProxy));
  app.get(/.*/, (_req, res) => {
    res.send('ok');
  });
  return { app, warnings };
}

async function visit(app: express.Express, times: number, forwardedFor?: string, path = '/') {
  for (let i = 0; i < times; i += 1) {
    const call = request(app).get(path);
    await (forwardedFor ? call.set('X-Forwarded-For', forwardedFor) : call);
  }
}

describe('the proxy check', () => {
  it('warns once, naming the value to set, when a proxy the site does not trust forwards every request', async () => {
    const { app, warnings } = site([]);
    await visit(app, PROXY_CHECK_REQUESTS * 2, '203.0.113.7');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/proxy at (::ffff:)?127\.0\.0\.1 that TRUST_PROXY does not trust.*set TRUST_PROXY=(::ffff:)?127\.0\.0\.1/);
  });

  it('warns when a trusted proxy sends no X-Forwarded-For', async () => {
    const { app, warnings } = site(['loopback']);
    await visit(app, PROXY_CHECK_REQUESTS);
    expect(warnings).toEqual([expect.stringMatching(/with no X-Forwarded-For/)]);
  });

  it('says nothing when the trusted proxy names the visitor, or the site is reached directly', async () => {
    const behind = site(['loopback']);
    await visit(behind.app, PROXY_CHECK_REQUESTS * 2, '203.0.113.7');
    expect(behind.warnings).toEqual([]);
    const direct = site([]);
    await visit(direct.app, PROXY_CHECK_REQUESTS * 2);
    expect(direct.warnings).toEqual([]);
  });

  it('does not count the container health check', async () => {
    const { app, warnings } = site([]);
    await visit(app, PROXY_CHECK_REQUESTS * 2, '203.0.113.7', '/healthz');
    expect(warnings).toEqual([]);
  });
});
