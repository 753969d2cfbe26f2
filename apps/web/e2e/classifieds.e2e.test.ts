import { spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg, makePng } from '../../api/test/images.ts';
import { checkA11y, CLUB_NAME, DEMO_MEMBER, openPage, openPageAs, serverDatabase, snapshot, startHarness, visit, type Harness } from './harness.ts';
import { scrollsSideways } from './steps.ts';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const PHONE_390 = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 } as const;
const PHONE_375 = { viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 } as const;
const SELLER = { email: 'poster@example.org', password: 'demo-poster-1' } as const;
const TITLE = 'Ruckstell axle, complete';

let harness: Harness;
let jpeg: Buffer;
let png: Buffer;
let listingPath = '';

beforeAll(async () => {
  harness = await startHarness();
  jpeg = await makeJpeg(1200, 800);
  png = await makePng(900, 600);
});
afterAll(async () => {
  await harness?.close();
});

/** The e-mail the server wrote to DATA_DIR/outbox (no SMTP_URL) that says `text`, quoted-printable undone. */
async function emailSaying(text: string): Promise<string> {
  const outbox = path.join(harness.dataDir, 'outbox');
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const files = (await readdir(outbox).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
    for (const file of files) {
      const raw = await readFile(path.join(outbox, file), 'utf8');
      const decoded = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      if (decoded.includes(text)) return decoded;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No e-mail saying ${text} in the outbox.`);
}

describe('the classifieds', () => {
  it('lets a member place a part for sale from a phone; a visitor finds it and writes to the seller, whose e-mail carries a Reply-To', async () => {
    const seller = await openPageAs(harness, SELLER.email, SELLER.password, PHONE_390);
    await visit(seller, '/classifieds');
    await seller.getByRole('heading', { level: 1, name: 'Classifieds' }).waitFor();
    await seller.getByRole('heading', { name: /^\d+ listings?|^No listings match/ }).waitFor();
    await checkA11y(seller);
    await seller.getByRole('button', { name: 'Place a listing' }).tap();
    const dialog = seller.getByRole('dialog', { name: 'Place a Listing' });
    await dialog.waitFor();
    await dialog.getByLabel('What is it?').selectOption('part');
    await dialog.getByLabel('Title').fill(TITLE);
    await dialog.getByLabel('Price in dollars').fill('1,250.00');
    await dialog.getByLabel('Condition').selectOption({ label: 'Good' });
    await dialog.getByLabel('City').fill('Belleville');
    await dialog.getByLabel('State').fill('IL');
    await dialog.getByLabel('Description').fill('Two-speed Ruckstell with the shift lever.\n\n<b>Not</b> bold: shown as written.');
    await dialog.getByLabel('Everyone (public)').check();
    await dialog.getByLabel(/^Photos \(up to 8\)/).setInputFiles([
      { name: 'IMG_3001.jpg', mimeType: 'image/jpeg', buffer: jpeg },
      { name: 'axle.png', mimeType: 'image/png', buffer: png },
    ]);
    await dialog.getByRole('img', { name: 'Photo 2' }).waitFor();
    // A slip of the finger on × does not throw away what was typed: it asks first.
    await dialog.getByRole('button', { name: 'Close' }).tap();
    const unsaved = seller.getByRole('dialog', { name: 'Unsaved changes' });
    await unsaved.waitFor();
    await unsaved.getByRole('button', { name: 'Keep editing' }).tap();
    await unsaved.waitFor({ state: 'detached' });
    expect(await dialog.getByLabel('Title').inputValue()).toBe(TITLE);
    await checkA11y(seller);
    await snapshot(seller, 'listing-editor-390');
    expect(await scrollsSideways(seller)).toBe(false);
    await dialog.getByRole('button', { name: 'Place listing' }).tap();
    await seller.waitForURL(/\/classifieds\/\d+$/);
    listingPath = new URL(seller.url()).pathname;
    await seller.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    expect(await seller.locator('.listing-facts').textContent()).toContain('$1,250');
    expect(await seller.locator('.listing-text').textContent()).toContain('<b>Not</b> bold');
    expect(
      await seller
        .getByRole('region', { name: 'Photos' })
        .getByRole('button', { name: /Show photo/ })
        .count(),
    ).toBe(2);
    await checkA11y(seller);
    await snapshot(seller, 'listing-seller-390');
    expect(await scrollsSideways(seller)).toBe(false);

    const visitor = await openPage(harness, PHONE_375);
    await visit(visitor, '/classifieds');
    const search = visitor.getByRole('search', { name: 'Find listings' });
    await search.getByLabel('For sale or wanted').selectOption('sale');
    await search.getByLabel('What').selectOption('part');
    await search.getByLabel('Words').fill('ruckstell');
    await search.getByRole('button', { name: 'Show listings' }).tap();
    await visitor.waitForURL(/q=ruckstell/);
    const card = visitor.getByRole('link', { name: TITLE });
    await card.waitFor();
    await checkA11y(visitor);
    await snapshot(visitor, 'classifieds-visitor-375');
    expect(await scrollsSideways(visitor)).toBe(false);
    await card.tap();
    await visitor.waitForURL(`**${listingPath}`);
    await visitor.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    const main = (await visitor.locator('main').textContent()) ?? '';
    expect(main).not.toContain('George Whitfield');
    expect(main).toContain('A club member');
    expect(await visitor.content()).not.toContain(SELLER.email);
    const form = visitor.getByRole('form', { name: 'Write to the seller' });
    await form.getByLabel('Your name').fill('Vera Visitor');
    await form.getByLabel('Your e-mail address').fill('vera.visitor@example.com');
    await form.getByLabel('Message').fill('Is the Ruckstell still available? I could collect it on Saturday.');
    await checkA11y(visitor);
    await form.getByRole('button', { name: 'Send message' }).tap();
    await visitor.getByText('Successfully Sent: the seller will answer by e-mail.').waitFor();
    await snapshot(visitor, 'listing-visitor-sent-375');
    expect(await scrollsSideways(visitor)).toBe(false);

    const eml = await emailSaying('Is the Ruckstell still available?');
    expect(eml).toMatch(/^To: .*poster@example\.org/m);
    expect(eml).toMatch(/Reply-To: "?Vera Visitor"? <vera\.visitor@example\.com>/);
    expect(eml).toContain('Is the Ruckstell still available? I could collect it on Saturday.');
    await seller.context().close();
    await visitor.context().close();
  });

  it('e-mails "still for sale?", takes the listing off when it ends, renews it by the e-mailed link, and closes it as sold (keyboard, 1280 px)', async () => {
    expect(listingPath).not.toBe('');
    const id = Number(listingPath.split('/').pop());
    const runReminders = () => {
      const started = Date.now();
      const run = spawnSync(process.execPath, ['apps/api/dist/cli.js', 'reminders'], {
        cwd: REPO_ROOT,
        env: { ...process.env, DATA_DIR: harness.dataDir, BASE_URL: harness.baseUrl, CLUB_NAME, REMINDER_CRON: 'off', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
      });
      return { output: run.stdout + run.stderr, tookMs: Date.now() - started };
    };

    // A member writes by keyboard alone, up to the last key; the site sends what waits (the notice too) at once.
    const member = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await visit(member, listingPath);
    await member.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    expect(await member.locator('.listing-facts').textContent()).toContain('George Whitfield');
    const form = member.getByRole('form', { name: 'Write to the seller' });
    expect(await form.getByLabel('Your e-mail address').count()).toBe(0);
    await form.getByLabel('Message').focus();
    await member.keyboard.type('Would you take $1,100?');
    await member.keyboard.press('Tab');

    // The listing is about to end: a week's notice is due, as on its 53rd day. It ends once the
    // reminders have run and the member has sent, with room for this machine's pace: three times
    // what a run of the reminders took here just before (nothing of this listing is due then).
    const warmUp = runReminders();
    expect(warmUp.output).toContain('Queued 0 "still for sale?" e-mail(s)');
    const endsAt = Date.now() + Math.max(3_000, 3 * warmUp.tookMs + 2_000);
    const db = serverDatabase(harness);
    db.prepare('UPDATE listings SET expires_at = ? WHERE id = ?').run(new Date(endsAt).toISOString(), id);
    db.close();
    expect(runReminders().output).toContain('Queued 1 "still for sale?" e-mail(s)');
    await member.keyboard.press('Enter');
    await member.getByText('Successfully Sent: the seller will answer by e-mail.').waitFor();
    const reply = await emailSaying('Would you take $1,100?');
    expect(reply).toMatch(/Reply-To: "?Walter Pruitt"? <member@example\.org>/);

    const notice = await emailSaying('/classifieds/renew/');
    const token = /\/classifieds\/renew\/([^\s"<>]+)/.exec(notice)?.[1] ?? '';
    expect(token).not.toBe('');

    // Ended: off the list, and not found by anyone but its seller.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, endsAt + 500 - Date.now())));
    await member.reload();
    await member.getByRole('heading', { level: 1, name: 'Listing Not Found' }).waitFor();
    await checkA11y(member);

    const seller = await openPageAs(harness, SELLER.email, SELLER.password);
    await seller.goto(`/classifieds/renew/${token}`);
    const renew = seller.getByRole('button', { name: 'Renew' });
    await renew.waitFor();
    await checkA11y(seller);
    await renew.focus();
    await seller.keyboard.press('Enter');
    await seller.getByText(/Successfully Saved: “Ruckstell axle, complete” now runs until/).waitFor();
    await checkA11y(seller);
    await snapshot(seller, 'listing-renewed-1280');
    await seller.keyboard.press('Tab');
    await seller.getByRole('link', { name: 'See the listing' }).click();
    await seller.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    // The link renews once.
    const again = seller.context().request;
    const used = await again.post('/api/listing.renewByLink.php', { data: { t: decodeURIComponent(token) } });
    expect(used.status()).toBe(400);

    await member.reload();
    await member.getByRole('heading', { level: 1, name: TITLE }).waitFor();

    // Closing: the seller marks it sold by keyboard.
    const mark = seller.getByRole('button', { name: 'Mark as sold' });
    await mark.focus();
    await seller.keyboard.press('Enter');
    const confirm = seller.getByRole('dialog', { name: 'Mark as Sold' });
    await confirm.waitFor();
    await checkA11y(seller);
    await confirm.getByRole('button', { name: 'Mark as sold' }).focus();
    await seller.keyboard.press('Enter');
    await seller.getByText('Successfully Saved: the listing shows as sold for 30 days').waitFor();
    await seller.getByRole('status').filter({ hasText: 'Sold' }).first().waitFor();
    // The button that opened the question is gone with the sale: focus goes to the answer, not the page's top.
    expect(await seller.evaluate(() => (document.activeElement === document.body ? 'the page' : (document.activeElement?.textContent ?? 'nothing')))).toMatch(
      /^Successfully Saved: the listing shows as sold/,
    );
    await checkA11y(seller);
    await snapshot(seller, 'listing-sold-1280');

    await member.reload();
    await member.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await member.getByRole('status').filter({ hasText: /^Sold/ }).waitFor();
    expect(await member.getByRole('form', { name: 'Write to the seller' }).count()).toBe(0);
    await visit(seller, '/account');
    const mine = seller.getByRole('region', { name: 'My listings' });
    await mine.getByRole('link', { name: TITLE }).waitFor();
    expect(await mine.locator('.photo-card').filter({ hasText: TITLE }).textContent()).toContain('Sold');
    await checkA11y(seller);
    await member.context().close();
    await seller.context().close();
  });

  it('lets a member without the forum right place a wanted ad from a phone; it shows its end date, not Renew; a member writes to the one who wants it, who marks it Found it', async () => {
    const wanter = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, PHONE_390);
    await visit(wanter, '/classifieds');
    await wanter.getByRole('button', { name: 'Place a listing' }).tap();
    const dialog = wanter.getByRole('dialog', { name: 'Place a Listing' });
    await dialog.getByLabel('Wanted').check();
    await dialog.getByLabel('What is it?').selectOption('part');
    await dialog.getByLabel('Title').fill('Wanted: Model A radiator cap');
    await dialog.getByRole('button', { name: 'Place listing' }).tap();
    await wanter.waitForURL(/\/classifieds\/\d+$/);
    const wantedPath = new URL(wanter.url()).pathname;
    const yours = wanter.getByRole('region', { name: 'Your listing' });
    await yours.getByText(/^Runs until .+\. You can renew it in its last week, from .+\.$/).waitFor();
    expect(await yours.getByRole('button', { name: /Renew/ }).count()).toBe(0);
    expect(await yours.getByRole('button', { name: 'Mark as sold' }).count()).toBe(0);
    await checkA11y(wanter);
    await snapshot(wanter, 'listing-wanted-owner-390');

    const poster = await openPageAs(harness, SELLER.email, SELLER.password, PHONE_390);
    await visit(poster, wantedPath);
    const write = poster.getByRole('form', { name: 'Write to the member who wants it' });
    await write.getByLabel('Message').fill('I have a radiator cap in the barn.');
    await write.getByRole('button', { name: 'Send message' }).tap();
    await poster.getByText('Successfully Sent: they will answer by e-mail.').waitFor();
    expect(await poster.getByRole('heading', { name: 'Write to the seller' }).count()).toBe(0);

    await yours.getByRole('button', { name: 'Found it' }).tap();
    const confirm = wanter.getByRole('dialog', { name: 'Found It' });
    await confirm.getByRole('button', { name: 'Found it' }).tap();
    await wanter.getByText('Successfully Saved: the listing shows as found for 30 days').waitFor();
    await wanter
      .getByRole('status')
      .filter({ hasText: /^Found on / })
      .waitFor();
    await poster.context().close();
    await wanter.context().close();
  });

  it('says beside the picture at once that a text file named like a photo is not one, and brings the refused save into view with focus (390 px with touch)', async () => {
    const seller = await openPageAs(harness, SELLER.email, SELLER.password, PHONE_390);
    await visit(seller, '/classifieds');
    await seller.getByRole('button', { name: 'Place a listing' }).tap();
    const dialog = seller.getByRole('dialog', { name: 'Place a Listing' });
    await dialog.getByLabel('What is it?').selectOption('tools');
    await dialog.getByLabel('Title').fill('Valve spring compressor');
    await dialog
      .getByLabel(/^Photos \(up to 8\)/)
      .setInputFiles([{ name: 'IMG_4001.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Just some notes, not a photo.\n') }]);
    await dialog.getByRole('img', { name: 'Photo 1: “IMG_4001.jpg” is not a picture' }).waitFor();
    await checkA11y(seller);
    await snapshot(seller, 'listing-not-a-picture-390', { fullPage: false });
    await dialog.getByRole('button', { name: 'Place listing' }).tap();
    const refusal = dialog.getByRole('alert');
    await refusal.waitFor();
    await expect.poll(() => refusal.evaluate((element) => element === document.activeElement)).toBe(true);
    const box = await refusal.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 844).toBe(true);
    await snapshot(seller, 'listing-refused-save-390', { fullPage: false });
    await seller.context().close();
  });

  it('lists a registry car for sale from its page, and the listing links back to it (390 px with touch)', async () => {
    const owner = await openPageAs(harness, SELLER.email, SELLER.password, PHONE_390);
    await visit(owner, '/account');
    const cars = owner.getByRole('region', { name: 'My cars' });
    const firstCar = cars.locator('.photo-card a').first();
    await firstCar.waitFor();
    await firstCar.tap();
    await owner.waitForURL(/\/registry\/\d+$/);
    const carPath = new URL(owner.url()).pathname;
    const listButton = owner.getByRole('button', { name: 'List this car for sale' });
    await listButton.waitFor();
    const carTitle = (await owner.getByRole('heading', { level: 1 }).textContent()) ?? '';
    await listButton.tap();
    const dialog = owner.getByRole('dialog', { name: 'Place a Listing' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Title').inputValue()).toBe(carTitle);
    expect(await dialog.getByLabel('What is it?').inputValue()).toBe('car');
    await dialog.getByLabel('Offers (or best offer)').check();
    await checkA11y(owner);
    await dialog.getByRole('button', { name: 'Place listing' }).tap();
    await owner.waitForURL(/\/classifieds\/\d+$/);
    const back = owner.getByRole('link', { name: carTitle });
    await back.waitFor();
    expect(await back.getAttribute('href')).toBe(carPath);
    expect(await owner.locator('.listing-facts').textContent()).toContain('Offers');
    await checkA11y(owner);
    await snapshot(owner, 'listing-car-390');
    expect(await scrollsSideways(owner)).toBe(false);
  });
});
