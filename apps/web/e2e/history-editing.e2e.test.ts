import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg, makePng } from '../../api/test/images.ts';
import { checkA11y, CLUB_NAME, DEMO_MEMBER, MOBILE_VIEWPORT, openPage, openPageAs, snapshot, startHarness, type Harness } from './harness.ts';
import { boxOf, isImageDrawn } from './steps.ts';

const HISTORIAN = { email: 'historian@example.org', password: 'demo-history-1' } as const;
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
const THIS_YEAR = new Date().getFullYear();

/** What the editor journeys create through the dialogs. */
const NEW_PRESIDENT = { first: 'Harriet Lindberg', corrected: 'Harriet Lindberg-Voss', year: THIS_YEAR + 1 };
const NEW_WINNER = { name: 'Otto Reinholt', year: THIS_YEAR };
const NEW_PARTY = { name: 'Dusty', owner: 'Mabel Gruenewald', model: '1929 Sport Coupe', date: `${THIS_YEAR}-10-18` };
const NEW_SEAT = { post: 'Webmaster', member: 'Cornelius Abendroth' };
const NEW_IDEA = 'Ice cream social at the lake';

/**
 * What the visitor journey has a history editor save through the API first, so that it stands
 * alone (run by itself, or in any order): years after anything else on the pages, so each entry
 * is the first of its list.
 */
const FOR_VISITOR = {
  president: { name: 'Ingrid Solberg', year: THIS_YEAR + 2 },
  winner: { name: 'Lars Ekdahl', year: THIS_YEAR + 1 },
  party: { name: 'Rusty', owner: 'Agnes Lindqvist', model: '1931 Roadster' },
  seat: { post: 'Archivist', member: 'Solveig Brandt' },
  idea: 'A spring tour along the river',
};

/** Logs in as `account` through the API and returns a way to make calls with that session. */
async function apiSession(account: { email: string; password: string }) {
  const call = async (name: string, body: Record<string, unknown>): Promise<unknown> => {
    const response = await fetch(`${harness.baseUrl}/api/${name}.php`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const reply = (await response.json()) as unknown;
    if (response.status !== 200) throw new Error(`${name} answered ${response.status}: ${JSON.stringify(reply)}`);
    return reply;
  };
  const { g } = (await call('session.create', { u: account.email, p: account.password })) as { g: string };
  return (name: string, body: Record<string, unknown> = {}) => call(name, { g, ...body });
}

let harness: Harness;
let fileDir: string;
let jpegFile: string;
let pngFile: string;

beforeAll(async () => {
  harness = await startHarness();
  fileDir = await mkdtemp(path.join(tmpdir(), 'club-history-files-'));
  jpegFile = path.join(fileDir, 'winner.jpg');
  pngFile = path.join(fileDir, 'winner.png');
  await writeFile(jpegFile, await makeJpeg(1600, 1200));
  await writeFile(pngFile, await makePng(40, 30));
});

afterAll(async () => {
  await harness?.close();
  if (fileDir) await rm(fileDir, { recursive: true, force: true });
});

/** Buttons in the page that edit something: every one but those that enlarge a Shaft Award picture. */
const editControls = (page: Page) => page.getByRole('main').getByRole('button', { name: /^(?!Enlarge the picture of )/ });

async function visit(page: Page, url: string, pageName: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('heading', { level: 1, name: pageName }).waitFor();
  await page.waitForFunction((title) => document.title === title, `${pageName} - ${CLUB_NAME}`);
  await page.getByRole('status').filter({ hasText: 'Loading' }).waitFor({ state: 'detached' });
}

/**
 * The open dialog, after checking its title. Found by role alone afterwards, because a dialog
 * for a new record is retitled "Edit …" once its first save succeeds.
 */
async function openedDialog(page: Page, title: string): Promise<Locator> {
  await page.getByRole('dialog', { name: title }).waitFor();
  return page.getByRole('dialog').first();
}

/** Saves the dialog's form and waits for the spec's success message. */
async function saveSuccessfully(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('Successfully Saved').waitFor();
}

async function saveAndExpectError(dialog: Locator, message: string): Promise<void> {
  await dialog.getByRole('button', { name: 'Save' }).click();
  // A field's own message is beside it (the summary links to it); a message on the whole form is the summary.
  await dialog.getByText(message).waitFor();
}

async function closeDialog(page: Page, dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await dialog.waitFor({ state: 'hidden' });
  expect(await page.getByRole('dialog').count()).toBe(0);
}

describe('history editing', () => {
  it('lets a history editor add and edit a president, refusing a blank name and a non-numeric year', async () => {
    const page = await openPageAs(harness, HISTORIAN.email, HISTORIAN.password);
    await visit(page, '/new-page-3', 'Past Club Presidents');
    const list = page.getByRole('list', { name: 'Past club presidents' });
    expect(await list.getByRole('listitem').first().textContent()).toContain(String(THIS_YEAR));
    await checkA11y(page);

    await page.getByRole('button', { name: 'Add President' }).click();
    let dialog = await openedDialog(page, 'Add President');
    expect(await dialog.getByLabel('Year').inputValue()).toBe(String(THIS_YEAR + 1));
    await checkA11y(page);
    await snapshot(page, 'presidents-dialog-desktop');

    await saveAndExpectError(dialog, 'Please enter the name.');
    await dialog.getByLabel('Year').fill('next year');
    await dialog.getByLabel('Name').fill(NEW_PRESIDENT.first);
    await saveAndExpectError(dialog, 'The year must be a number.');
    await dialog.getByLabel('Year').fill(String(NEW_PRESIDENT.year));
    await saveSuccessfully(dialog);
    await closeDialog(page, dialog);
    await list.getByRole('listitem').first().filter({ hasText: NEW_PRESIDENT.first }).waitFor();

    await list.getByRole('button', { name: new RegExp(NEW_PRESIDENT.first) }).click();
    dialog = await openedDialog(page, 'Edit President');
    expect(await dialog.getByLabel('Name').inputValue()).toBe(NEW_PRESIDENT.first);
    await dialog.getByLabel('Name').fill(NEW_PRESIDENT.corrected);
    await saveSuccessfully(dialog);
    await closeDialog(page, dialog);
    const first = list.getByRole('listitem').first();
    await first.filter({ hasText: NEW_PRESIDENT.corrected }).waitFor();
    expect(await first.textContent()).toContain(String(NEW_PRESIDENT.year));
    expect(await list.getByText(NEW_PRESIDENT.first, { exact: true }).count()).toBe(0);

    // The keyboard reaches the rows: Enter on a focused row opens its editor.
    await list.getByRole('button', { name: new RegExp(NEW_PRESIDENT.corrected) }).focus();
    await page.keyboard.press('Enter');
    dialog = await openedDialog(page, 'Edit President');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.context().close();
  });

  it('lets a history editor add a Shaft Award winner with a JPEG, refuse other files, then remove the photo', async () => {
    const page = await openPageAs(harness, HISTORIAN.email, HISTORIAN.password);
    await visit(page, '/the-shaft-award', 'The Shaft Award');
    await checkA11y(page);

    await page.getByRole('button', { name: 'Add Winner' }).click();
    let dialog = await openedDialog(page, 'Add Shaft Award Winner');
    expect(await dialog.getByLabel('Year').inputValue()).toBe(String(NEW_WINNER.year));
    await dialog.getByLabel('Name').fill(NEW_WINNER.name);

    // The browser refuses a PNG by its type before anything is sent.
    await dialog.locator('input[type="file"]').setInputFiles(pngFile);
    await dialog.getByText('Please choose a JPEG photo (.jpg or .jpeg); other file types are not accepted.').waitFor();
    expect(await dialog.locator('input[type="file"]').inputValue()).toBe('');

    await dialog.locator('input[type="file"]').setInputFiles(jpegFile);
    await dialog.getByRole('img', { name: 'The photo you chose' }).waitFor();
    await checkA11y(page);
    await snapshot(page, 'shaft-award-dialog-desktop');
    await saveSuccessfully(dialog);
    await closeDialog(page, dialog);

    const latest = page.getByRole('region', { name: 'Latest winner' });
    await latest.getByText(NEW_WINNER.name).waitFor();
    const photo = latest.getByRole('img', { name: `${NEW_WINNER.name} with the ${NEW_WINNER.year} Shaft Award` });
    await photo.waitFor();
    await page.waitForFunction((element) => element instanceof HTMLImageElement && element.complete, await photo.elementHandle());
    expect(await isImageDrawn(photo)).toBe(true);

    // A PNG that claims to be a JPEG gets past the browser, and the server refuses it by its content.
    await page.getByRole('button', { name: `Edit ${NEW_WINNER.year} winner` }).click();
    dialog = await openedDialog(page, 'Edit Shaft Award Winner');
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'disguised.jpg',
      mimeType: 'image/jpeg',
      buffer: await makePng(40, 30),
    });
    await saveAndExpectError(dialog, 'Please choose a JPEG photo (.jpg or .jpeg); other file types are not accepted.');
    // The refused photo is still an unsaved change: closing asks before dropping it.
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('dialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Discard changes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('button', { name: `Edit ${NEW_WINNER.year} winner` }).click();
    dialog = await openedDialog(page, 'Edit Shaft Award Winner');
    await dialog.getByRole('img', { name: `Current photo of ${NEW_WINNER.name}` }).waitFor();
    await dialog.getByRole('button', { name: 'Remove image' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove image' });
    await confirm.getByText('Are you sure you want to remove this image?').waitFor();
    await checkA11y(page);
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await dialog.getByText('Image removed.').waitFor();
    expect(await dialog.getByRole('img').count()).toBe(0);
    await closeDialog(page, dialog);
    await latest.getByText(NEW_WINNER.name).waitFor();
    expect(await latest.getByRole('img').count()).toBe(0);
    await page.context().close();
  });

  it('lets a history editor add a start-up party, refusing non-numeric years idle', async () => {
    const page = await openPageAs(harness, HISTORIAN.email, HISTORIAN.password);
    await visit(page, '/start-up-parties-2', 'Start-up Parties');
    await checkA11y(page);
    const before = await page.getByRole('list', { name: 'Start-up parties' }).getByRole('listitem').count();

    await page.getByRole('button', { name: 'Add Start-up Party' }).click();
    const dialog = await openedDialog(page, 'Add Start-up Party');
    await saveAndExpectError(dialog, 'Please fill in at least one detail of the start-up party.');
    await dialog.getByLabel("Car's name").fill(NEW_PARTY.name);
    await dialog.getByLabel('Owner').fill(NEW_PARTY.owner);
    await dialog.getByLabel('Model').fill(NEW_PARTY.model);
    await dialog.getByLabel('Years idle').fill('a long time');
    await saveAndExpectError(dialog, 'The years idle must be a number.');
    await dialog.getByLabel('Years idle').fill('27');
    await dialog.getByLabel('Date started').fill(NEW_PARTY.date);
    await dialog.getByLabel('Extra note').fill('Started on the second pull of the crank.');
    await checkA11y(page);
    await saveSuccessfully(dialog);
    await closeDialog(page, dialog);

    const party = page.getByRole('listitem').filter({ hasText: NEW_PARTY.name });
    await party.waitFor();
    const text = await party.textContent();
    expect(text).toContain(`${before + 1}. ${NEW_PARTY.name}`);
    expect(text).toContain(NEW_PARTY.owner);
    expect(text).toContain('27');
    expect(text).toContain(`Oct 18, ${THIS_YEAR}`);
    await page.context().close();
  });

  it('lets a history editor change the board and the Idea box', async () => {
    const page = await openPageAs(harness, HISTORIAN.email, HISTORIAN.password);
    await visit(page, '/board-members', 'Board Members');
    const board = page.getByRole('region', { name: `Officers and Board ${THIS_YEAR}` });
    await board.getByText('Vice President').waitFor();
    await checkA11y(page);

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    expect(await page.getByRole('button', { name: 'Edit', exact: true }).getAttribute('aria-pressed')).toBe('true');
    const editor = page.getByRole('form', { name: 'Edit the board' });
    expect(await editor.getByLabel('Year').inputValue()).toBe(String(THIS_YEAR));
    const rowCount = await editor.getByRole('listitem').count();
    await editor.getByRole('button', { name: 'Add row' }).click();
    await editor.getByLabel(`Post, row ${rowCount + 1}`).fill(NEW_SEAT.post);
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor
      .getByRole('alert')
      .filter({ hasText: `Please enter who holds the post "${NEW_SEAT.post}", or remove that row.` })
      .waitFor();
    await editor.getByLabel(`Member, row ${rowCount + 1}`).fill(NEW_SEAT.member);
    await editor.locator('input[type="file"]').setInputFiles(jpegFile);
    await checkA11y(page);
    await snapshot(page, 'board-edit-desktop');
    await editor.getByRole('button', { name: 'Save' }).click();

    await page.getByText('Successfully Saved').waitFor();
    expect(await page.getByRole('button', { name: 'View' }).getAttribute('aria-pressed')).toBe('true');
    await board.getByText(NEW_SEAT.member).waitFor();
    const background = await board.evaluate((element) => getComputedStyle(element).backgroundImage);
    expect(background).toMatch(/\/uploads\/board\/[\w-]+\.jpg/);
    expect(background).not.toContain('demo-board-background');

    await page.getByRole('button', { name: 'Edit the Idea box' }).click();
    const ideaForm = page.getByRole('form', { name: 'Idea box' });
    // A title of spaces only is no title: the browser says so, and nothing is sent.
    const ideaSaves: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/idea.set')) ideaSaves.push(request.url());
    });
    await ideaForm.getByLabel('Title').fill('   ');
    await ideaForm.getByRole('button', { name: 'Save' }).click();
    await ideaForm.getByText('Please enter the title.').waitFor();
    expect(ideaSaves).toEqual([]);
    await ideaForm.getByLabel('Title').fill(NEW_IDEA);
    await ideaForm.getByRole('button', { name: 'Save' }).click();
    await ideaForm.getByText('Successfully Saved').waitFor();
    await ideaForm.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('heading', { level: 2, name: NEW_IDEA }).waitFor();
    await page.context().close();
  });

  it('shows a logged-out visitor what a history editor saved, with no edit controls', async () => {
    const call = await apiSession(HISTORIAN);
    await call('president.save', { i: 0, y: FOR_VISITOR.president.year, n: FOR_VISITOR.president.name });
    await call('shaftAwardWinner.set', { i: 0, y: FOR_VISITOR.winner.year, n: FOR_VISITOR.winner.name, img: '' });
    await call('startupParty.set', { i: 0, n: FOR_VISITOR.party.name, o: FOR_VISITOR.party.owner, m: FOR_VISITOR.party.model });
    const { b: rows } = (await call('boardMembers.get')) as { b: [number, string, string][] };
    const seats = JSON.parse(rows.find(([year]) => year === THIS_YEAR)?.[2] ?? '[]') as [string, string][];
    await call('boardMembers.save', {
      y: THIS_YEAR,
      p: [...seats.map(([post]) => post), FOR_VISITOR.seat.post],
      m: [...seats.map(([, member]) => member), FOR_VISITOR.seat.member],
    });
    await call('idea.set', { t: FOR_VISITOR.idea, c: 'Meet at the boat ramp at nine.' });
    const page = await openPage(harness);

    await visit(page, '/new-page-3', 'Past Club Presidents');
    const first = page.getByRole('list', { name: 'Past club presidents' }).getByRole('listitem').first();
    expect(await first.textContent()).toContain(FOR_VISITOR.president.name);
    expect(await page.getByRole('button', { name: 'Add President' }).count()).toBe(0);
    expect(await page.getByRole('main').getByRole('button').count()).toBe(0);
    await checkA11y(page);

    await visit(page, '/the-shaft-award', 'The Shaft Award');
    await page.getByRole('region', { name: 'Latest winner' }).getByText(FOR_VISITOR.winner.name).waitFor();
    expect(await editControls(page).count()).toBe(0);
    await checkA11y(page);

    await visit(page, '/start-up-parties-2', 'Start-up Parties');
    await page.getByRole('listitem').filter({ hasText: FOR_VISITOR.party.name }).filter({ hasText: FOR_VISITOR.party.owner }).waitFor();
    expect(await page.getByRole('main').getByRole('button').count()).toBe(0);
    await checkA11y(page);

    await visit(page, '/board-members', 'Board Members');
    await page.getByText(FOR_VISITOR.seat.member).waitFor();
    await page.getByRole('heading', { level: 2, name: FOR_VISITOR.idea }).waitFor();
    expect(await page.getByRole('main').getByRole('button').count()).toBe(0);
    await checkA11y(page);
    await snapshot(page, 'board-visitor-desktop');
    await page.context().close();
  });

  it('shows a member without the history permission no edit controls, and the server refuses their save', async () => {
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, { viewport: MOBILE_VIEWPORT });
    for (const [url, name] of [
      ['/new-page-3', 'Past Club Presidents'],
      ['/the-shaft-award', 'The Shaft Award'],
      ['/start-up-parties-2', 'Start-up Parties'],
      ['/board-members', 'Board Members'],
    ] as const) {
      await visit(page, url, name);
      expect(await editControls(page).count()).toBe(0);
      await checkA11y(page);
      await snapshot(page, `${url.slice(1)}-member-mobile`);
    }

    const refusal = await page.evaluate(async () => {
      const body = new URLSearchParams({ i: '0', g: localStorage.getItem('clubSession') ?? '', y: '1999', n: 'Not allowed' });
      const response = await fetch('/api/president.save.php', { method: 'POST', body });
      return { status: response.status, body: (await response.json()) as { e?: string } };
    });
    expect(refusal.status).toBe(403);
    expect(refusal.body.e).toMatch(/permission/);
    await page.context().close();
  });
});

describe('a history editor saves the board under a new year', () => {
  it('board saved under a new year keeps the picture, with one Year control while editing', async () => {
    const page = await openPageAs(harness, HISTORIAN.email, HISTORIAN.password);
    await page.goto('/board-members');
    const current = page.getByRole('region', { name: `Officers and Board ${THIS_YEAR}` });
    await current.waitFor();
    const before = await current.evaluate((element) => getComputedStyle(element).backgroundImage);
    expect(before).toMatch(/url\(/);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    expect(await page.getByLabel(/^Year/).count()).toBe(1);
    const editor = page.getByRole('form', { name: 'Edit the board' });
    await editor.getByLabel('Year').fill(String(THIS_YEAR + 3));
    await editor.getByRole('button', { name: 'Save' }).click();
    const saved = page.getByRole('region', { name: `Officers and Board ${THIS_YEAR + 3}` });
    await saved.waitFor();
    const after = await saved.evaluate((element) => getComputedStyle(element).backgroundImage);
    expect(after).toMatch(/url\(.*\/uploads\/board\//);
    await page.context().close();
  });
});

describe('a visitor on a phone looks at the Shaft Award', () => {
  it('enlarges a past Shaft Award picture', async () => {
    const page = await openPage(harness, PHONE);
    await page.goto('/the-shaft-award');
    const past = page.getByRole('list', { name: 'Past recipients' });
    const open = past.getByRole('button', { name: /^Enlarge the picture of/ }).first();
    await open.tap();
    const dialog = page.getByRole('dialog');
    await dialog.locator('img').first().waitFor();
    const picture = await boxOf(dialog.locator('img').first());
    expect(picture.width).toBeGreaterThan(200);
    await checkA11y(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });
});
