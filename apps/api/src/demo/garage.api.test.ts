import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarSummary, Listing, ListingSummary, Member } from '@club/contracts';
import { createDemoTestApp } from '../../test/demo-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { DEMO_ACCOUNTS } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createDemoTestApp();
}, 60_000);
afterAll(() => t.close());

async function allCars(g?: string): Promise<CarSummary[]> {
  const found: CarSummary[] = [];
  for (let page = 1; ; page += 1) {
    const res = await request(t.app)
      .post('/api/cars.list.php')
      .send({ page, ...(g ? { g } : {}) });
    expect(res.status).toBe(200);
    found.push(...(res.body.cars as CarSummary[]));
    if (found.length >= res.body.total) return found;
  }
}

describe('the demo registry', () => {
  it('has a few dozen cars with photos, some public, and the member list links each member’s cars', async () => {
    const account = DEMO_ACCOUNTS.find((candidate) => candidate.role === 'member (no edit rights)');
    const login = await request(t.app).post('/api/session.create.php').send({ u: account?.email, p: account?.password });
    const g = login.body.g as string;
    const cars = await allCars(g);
    const withPhotos = cars.filter((car) => car.photoCount > 0);
    expect(withPhotos.length).toBeGreaterThanOrEqual(24);
    for (const car of withPhotos) expect(fs.existsSync(path.join(t.config.uploadsDir, car.photo.replace(/^\/uploads\//, '')))).toBe(true);
    const publicCars = await allCars();
    expect(publicCars.length).toBeGreaterThanOrEqual(12);
    expect(publicCars.length).toBeLessThan(cars.length);
    expect(publicCars.some((car) => car.owner === null)).toBe(true);
    expect(publicCars.some((car) => car.owner !== null)).toBe(true);

    const members = (await request(t.app).post('/api/members.get.php').send({ g })).body.m as Member[];
    const withCars = members.filter((member) => member.carLinks.length > 0);
    expect(withCars.length).toBeGreaterThan(100);
    expect(withCars[0]?.cars).toEqual(withCars[0]?.carLinks.map((link) => link.label));
    // Their cars read as the members wrote them, as an upgraded club's do.
    const lines = new Set(members.flatMap((member) => member.cars));
    expect(lines).toContain('1931 Deluxe Phaeton');
    expect(lines).not.toContain('1931 Phaeton Deluxe');
  });
});

describe('the demo classifieds', () => {
  it('has a few listings with photos, for sale and wanted, one sold and one selling a registry car', async () => {
    const account = DEMO_ACCOUNTS.find((candidate) => candidate.role === 'member (no edit rights)');
    const login = await request(t.app).post('/api/session.create.php').send({ u: account?.email, p: account?.password });
    const g = login.body.g as string;
    const listed = (await request(t.app).post('/api/listings.list.php').send({ g })).body.listings as ListingSummary[];
    expect(listed.length).toBeGreaterThanOrEqual(6);
    expect(new Set(listed.map((listing) => listing.kind))).toEqual(new Set(['sale', 'wanted']));
    expect(listed.filter((listing) => listing.status === 'sold')).toHaveLength(1);
    const withPhotos = listed.filter((listing) => listing.photoCount > 0);
    expect(withPhotos.length).toBeGreaterThanOrEqual(4);
    for (const listing of withPhotos) expect(fs.existsSync(path.join(t.config.uploadsDir, listing.photo.replace(/^\/uploads\//, '')))).toBe(true);
    const car = listed.find((listing) => listing.category === 'car');
    const page = (await request(t.app).post('/api/listing.get.php').send({ g, id: car?.id })).body.listing as Listing;
    expect(page.car).not.toBeNull();
    const publicOnes = (await request(t.app).post('/api/listings.list.php').send({})).body.listings as ListingSummary[];
    expect(publicOnes.length).toBeGreaterThan(0);
    expect(publicOnes.length).toBeLessThan(listed.length);
  });
});
