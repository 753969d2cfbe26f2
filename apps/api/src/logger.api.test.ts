import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestOffPath, listingRenewPath, notificationsOffPath, resetPath, rsvpPath, signInPath } from '@club/contracts/plain';
import { createMember } from '../test/factories.ts';
import { createApp } from './app.ts';
import { loadConfig, type Config } from './config.ts';
import { migrateDatabase, openDatabase, type Db } from './db/client.ts';
import { createLogger, scrubUrl } from './logger.ts';
import { renewalToken } from './features/classifieds/renewal-links.ts';
import { rsvpToken } from './features/digest/rsvp-links.ts';
import { newToken } from './lib/tokens.ts';
import { unsubscribeToken } from './services/unsubscribe-links.ts';
import { createServices, type Services } from './site-services.ts';

let dataDir: string;
let config: Config;
let db: Db;
let services: Services;
let app: Express;
const lines: string[] = [];

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-logs-'));
  config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', BACKUP_CRON: 'off', REMINDER_CRON: 'off', WEB_DIST: path.join(dataDir, 'none') });
  db = openDatabase(config.databaseFile);
  migrateDatabase(db);
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const logger = createLogger('trace', sink);
  services = createServices(config, db, logger);
  app = createApp({ config, db, services, logger });
});
afterAll(() => {
  if (db.$client.open) db.$client.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const post = (name: string, body: object) => request(app).post(`/api/${name}.php`).send(body);

describe('the request log and error reports, for every kind of signed link', () => {
  it('never hold the secret of any e-mailed or private link, whatever its shape', async () => {
    const secret = services.keys.linkSecret;
    const expires = new Date(Date.now() + 3 * 86_400_000).toISOString();
    // One real token of each kind the site e-mails or hands out, on the page it opens.
    const links = [
      resetPath(newToken()),
      signInPath(newToken()),
      notificationsOffPath(unsubscribeToken(secret, 41)),
      digestOffPath(unsubscribeToken(secret, 42, new Date(), 'weekly-digest-off')),
      rsvpPath(rsvpToken(secret, { memberId: 43, eventId: 7, week: '2026-12-07', until: '2026-12-12T15:00' })),
      listingRenewPath(renewalToken(secret, 44, expires)),
      `/calendar/${newToken()}.ics`,
    ];
    // A token of an unexpected shape on those pages (short, dotted, escaped) is a secret too.
    const oddTokens = links
      .filter((link) => !link.startsWith('/calendar/'))
      .map((link, at) => `${link.slice(0, link.lastIndexOf('/') + 1)}${at}.x.Short%2Fone`);
    const from = lines.length;
    for (const link of [...links, ...oddTokens]) {
      await request(app).get(link);
      await request(app).get(`${link}?utm_source=mail`);
      const report = await post('error.report', {
        e: `TypeError at ${config.baseUrl}${link}`,
        u: `${config.baseUrl}${link}`,
        s: `at Page (${config.baseUrl}${link}:1:2)`,
      });
      expect(report.status).toBe(200);
    }
    const log = lines.slice(from).join('\n');
    expect(log).toMatch(/"url":"\/classifieds\/renew\/\[token\]"/);
    expect(log).toMatch(/error reported by a browser/);
    for (const link of [...links, ...oddTokens]) {
      const token = link.slice(link.lastIndexOf('/') + 1).replace(/\.ics$/, '');
      expect(log, link).not.toContain(token);
      expect(log, link).not.toContain(decodeURIComponent(token));
    }
    const stored = db.$client.prepare('SELECT message, url, stack FROM error_reports').all();
    const storedText = JSON.stringify(stored);
    for (const link of [...links, ...oddTokens]) expect(storedText, link).not.toContain(link.slice(link.lastIndexOf('/') + 1).replace(/\.ics$/, ''));
  });
});

describe('the logs', () => {
  it('writes each key once on a line, the part of the site that wrote it under component', async () => {
    const from = lines.length;
    const member = createMember(db);
    expect((await post('password.request', { e: member.email })).status).toBe(200);
    await services.mail.deliverDue();
    const written = lines.slice(from);
    const mailLine = written.find((line) => line.includes('outbox folder'));
    expect(mailLine).toBeDefined();
    for (const line of written) {
      const keys = [...line.matchAll(/[{,]"([^"]+)":/g)].map((match) => match[1]);
      expect(keys.filter((key) => key === 'service')).toHaveLength(1);
    }
    expect(JSON.parse(mailLine ?? '{}')).toMatchObject({ service: 'club-api', component: 'mail' });
  });

  it('hold request lines and errors but no password, token or e-mail body', async () => {
    const member = createMember(db);
    const secrets: string[] = [member.password, member.token];

    const wrong = await post('session.create', { u: member.email, p: 'wrong-secret-password' });
    expect(wrong.status).toBe(401);
    secrets.push('wrong-secret-password');
    const login = await post('session.create', { u: member.email, p: member.password });
    expect(login.status).toBe(200);
    secrets.push(login.body.g);
    // Tokens in a query string or a header, however a client sends them, stay out of the log too.
    await request(app).get('/api/session.get.php').query({ g: login.body.g });
    await request(app).get('/api/session.get.php').set('Authorization', `Bearer ${login.body.g}`);

    expect((await post('password.request', { e: member.email })).status).toBe(200);
    await services.mail.deliverDue();
    const [mailFile] = fs.readdirSync(config.outboxDir);
    // Quoted-printable: undo the soft line breaks to read the link and the text.
    const mail = fs.readFileSync(path.join(config.outboxDir, mailFile ?? ''), 'utf8').replace(/=\r?\n/g, '');
    const resetToken = /\/reset\/([\w-]+)/.exec(mail)?.[1] ?? '';
    expect(resetToken).toMatch(/^[\w-]{20,}$/);
    secrets.push(resetToken);
    const mailBodyLine = mail.split('\n').find((line) => /asked to reset/.test(line) && !line.startsWith('<')) ?? '';
    expect(mailBodyLine.length).toBeGreaterThan(10);
    secrets.push(mailBodyLine.trim());

    expect((await request(app).get(`/reset/${resetToken}`)).status).toBe(404);
    const report = await post('error.report', {
      g: login.body.g,
      e: 'TypeError: x is undefined',
      u: `${config.baseUrl}/reset/${resetToken}?g=${login.body.g}`,
      s: 'at Reset (reset.tsx:1)',
    });
    expect(report.status).toBe(200);
    expect((await post('password.reset', { g: resetToken, n: 'brand-new-password-9' })).status).toBe(200);
    secrets.push('brand-new-password-9');

    db.$client.close();
    const broken = await post('session.get', { g: login.body.g });
    expect(broken.status).toBe(500);

    const log = lines.join('\n');
    // The logs are not empty: requests, the browser's report, the mail and the failure are all there.
    expect(log).toMatch(/"url":"\/api\/session\.create\.php"/);
    expect(log).toMatch(/error reported by a browser/);
    expect(log).toMatch(/"url":"http:\/\/localhost:3000\/reset\/\[token\]"/);
    expect(log).toMatch(/e-mail written to the outbox folder/);
    expect(log).toMatch(/"level":"error".*"reqId"|"level":"error".*"req"/);
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});

describe('scrubUrl', () => {
  it('drops the query and replaces token-like path segments', () => {
    expect(scrubUrl('/api/session.get.php?g=abc')).toBe('/api/session.get.php');
    expect(scrubUrl('https://club.example/reset/Zx8_k2-Qp0aLmN4rT7vWy1bC#top')).toBe('https://club.example/reset/[token]');
    expect(scrubUrl('/uploads/blog/2026-05-02-model-a-roadster.jpg')).toBe('/uploads/blog/2026-05-02-model-a-roadster.jpg');
    expect(scrubUrl('/event/42')).toBe('/event/42');
  });

  it('replaces the secret of a private calendar feed and of an opt-out link', () => {
    expect(scrubUrl('/calendar/Zx8_k2-Qp0aLmN4rT7vWy1bCdE3fG5hJ6kL8mN9pQ0r.ics')).toBe('/calendar/[token]');
    expect(scrubUrl('/notifications-off/17.Zx8_k2-Qp0aLmN4rT7vWy1bCdE3fG5hJ6kL8mN9pQ0r')).toBe('/notifications-off/[token]');
    expect(scrubUrl('/calendar/event/42.ics')).toBe('/calendar/event/42.ics');
  });
});

describe('the request log', () => {
  it('never holds a private feed URL or an opt-out link', async () => {
    const feedSecret = 'Fd9_q2-Wp0aLmN4rT7vWy1bCdE3fG5hJ6kL8mN9pQ0r';
    const optOut = `23.Ux8_k2-Qp0aLmN4rT7vWy1bCdE3fG5hJ6kL8mN9pQ0r`;
    await request(app).get(`/calendar/${feedSecret}.ics`);
    await request(app).get(`/notifications-off/${optOut}`);
    await request(app).post(`/api/email.unsubscribe.php?t=${optOut}`).type('form').send({ 'List-Unsubscribe': 'One-Click' });
    const log = lines.join('\n');
    expect(log).toMatch(/"url":"\/calendar\/\[token\]"/);
    expect(log).not.toContain(feedSecret);
    expect(log).not.toContain(optOut.slice(3));
  });
});
