import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg } from '../../api/test/images.ts';
import { checkA11y, DEMO_MEMBER, openPageAs, serverDatabase, snapshot, startHarness, type Harness } from './harness.ts';
import { holdAnswers, pressAndSeeItHandled } from './steps.ts';

const POSTER = { email: 'poster@example.org', password: 'demo-poster-1' };
const MODERATOR = { email: 'moderator@example.org', password: 'demo-moderator-1' };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
const TITLE = 'Who re-babbitts connecting rods?';

let harness: Harness;
let photo: Buffer;
let threadPath = '';

beforeAll(async () => {
  harness = await startHarness();
  photo = await makeJpeg(1200, 800);
});
afterAll(async () => {
  await harness?.close();
});

const threadList = (page: Page) => page.getByRole('list', { name: 'Threads' });
const listedThread = (page: Page, title: string) => threadList(page).getByRole('link', { name: new RegExp(title.replace(/[?()]/g, '\\$&')) });
const reply = (page: Page, author: string) => page.getByRole('listitem', { name: `Reply by ${author}` });

async function openForum(page: Page, path = '/forum'): Promise<void> {
  await page.goto(path);
  await threadList(page).waitFor();
}

describe('forum journeys', () => {
  it('lets a member with "Post on Forum" start a thread with a picture, which waits for approval', async () => {
    const page = await openPageAs(harness, POSTER.email, POSTER.password);
    await openForum(page);
    await checkA11y(page);

    const opener = page.getByRole('button', { name: 'New thread' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'New thread' });
    await dialog.getByLabel('Title').fill(TITLE);
    await dialog.getByLabel('Description').fill('Two rods knock on my 1930 Coupe.\nDetails: https://example.org/rods');
    await dialog.getByLabel(/Pictures \(JPEG/).setInputFiles({ name: 'rod.jpg', mimeType: 'image/jpeg', buffer: photo });
    await dialog.getByRole('list', { name: 'Chosen pictures' }).getByRole('img').waitFor();
    await checkA11y(page);
    await snapshot(page, 'forum-new-thread-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Start thread' }).click();

    await page.waitForURL(/\/forum\/\d+$/);
    threadPath = new URL(page.url()).pathname;
    const heading = page.getByRole('heading', { level: 2, name: TITLE });
    await heading.waitFor();
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
    const thread = page.getByRole('article', { name: TITLE });
    expect(await thread.getByText('Waiting for approval').isVisible()).toBe(true);
    expect(await thread.getByText('Only you and the forum moderators can see this thread').isVisible()).toBe(true);
    // Text stays text, with its line break, and the address becomes a link.
    expect(await thread.locator('.forum-text').first().innerText()).toBe('Two rods knock on my 1930 Coupe.\nDetails: https://example.org/rods');
    expect(await thread.getByRole('link', { name: 'https://example.org/rods' }).getAttribute('href')).toBe('https://example.org/rods');
    expect(await listedThread(page, TITLE).getByText('Waiting for approval').isVisible()).toBe(true);

    // The picture opens in a dialog by keyboard; Escape closes it and focus returns to it.
    const thumbnail = thread.getByRole('button', { name: 'Open picture 1 of 1' });
    const src = await thumbnail.locator('img').getAttribute('src');
    expect(src).toMatch(/^\/uploads\/forum\/.+\.jpg$/);
    expect((await page.request.get(src ?? '')).headers()['content-type']).toBe('image/jpeg');
    await thumbnail.focus();
    await page.keyboard.press('Enter');
    const lightbox = page.getByRole('dialog', { name: 'Picture 1 of 1' });
    await lightbox.waitFor();
    expect(await lightbox.getByRole('img', { name: `Picture 1 of 1 for the thread "${TITLE}"` }).isVisible()).toBe(true);
    expect(await lightbox.getByRole('link', { name: 'Full size' }).getAttribute('href')).toBe(src);
    await checkA11y(page);
    await snapshot(page, 'forum-picture-dialog-1280', { fullPage: false });
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'hidden' });
    expect(await thumbnail.evaluate((el) => el === document.activeElement)).toBe(true);
    await snapshot(page, 'forum-author-waiting-1280');
  });

  it('keeps the waiting thread from a plain member, who is told why they cannot post', async () => {
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await openForum(page);
    expect(await listedThread(page, TITLE).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'New thread' }).count()).toBe(0);
    expect(
      await page
        .getByText(/needs the .Post on Forum. permission/)
        .first()
        .isVisible(),
    ).toBe(true);
    expect(await page.getByText('Waiting for approval').count()).toBe(0);
    await checkA11y(page);

    await page.goto(threadPath);
    await page.getByRole('heading', { name: 'Thread not found' }).waitFor();
    expect(await page.getByRole('heading', { name: TITLE }).count()).toBe(0);
  });

  it('shows the moderator what waits, highlighted; the moderator approves it, then the plain member sees it', async () => {
    const page = await openPageAs(harness, MODERATOR.email, MODERATOR.password);
    await openForum(page);
    const notice = page.getByRole('region', { name: /items? waits? for approval/ });
    expect(await notice.getByRole('heading').innerText()).toBe('3 items wait for approval');
    const link = notice.getByRole('link', { name: `Thread “${TITLE}” by George Whitfield` });
    expect(await listedThread(page, TITLE).getByText('Waiting for approval').isVisible()).toBe(true);
    const background = await threadList(page)
      .locator('.forum-item--waiting')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).not.toBe('rgba(0, 0, 0, 0)');
    await checkA11y(page);
    await snapshot(page, 'forum-moderator-list-1280');

    await link.click();
    const thread = page.getByRole('article', { name: TITLE });
    await thread.waitFor();
    expect(await thread.getByText('Members cannot see this thread until a moderator approves it.').isVisible()).toBe(true);
    await snapshot(page, 'forum-moderator-waiting-thread-1280');
    await thread.getByRole('button', { name: 'Approve thread' }).click();
    await thread.getByText('Waiting for approval').waitFor({ state: 'detached' });
    // The thread's own read may come back before the list's; the message follows both.
    await page
      .getByRole('status')
      .filter({ hasText: `The thread "${TITLE}" is approved` })
      .waitFor({ state: 'attached' });
    expect(await notice.getByRole('heading').innerText()).toBe('2 items wait for approval');

    const member = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await openForum(member);
    await listedThread(member, TITLE).click();
    await member.getByRole('heading', { level: 2, name: TITLE }).waitFor();
    expect(await member.getByRole('article', { name: TITLE }).getByText('Waiting for approval').count()).toBe(0);
  });

  it("shows the moderator's reply at once, and deletes a reply only after confirming", async () => {
    const page = await openPageAs(harness, MODERATOR.email, MODERATOR.password);
    await page.goto(threadPath);
    const thread = page.getByRole('article', { name: TITLE });
    await thread.waitFor();

    await thread.getByRole('button', { name: 'Post reply' }).click();
    expect(await thread.getByText('Please enter your reply.').count()).toBe(1);
    await thread.getByLabel('Your reply').fill('Try the machine shop in Fenton.\nAsk for Earl.');
    await thread.getByRole('button', { name: 'Post reply' }).click();
    await thread.getByText('Your reply is posted.').waitFor();
    const posted = reply(page, 'Ruth Delacroix');
    expect(await posted.locator('.forum-text').innerText()).toBe('Try the machine shop in Fenton.\nAsk for Earl.');
    expect(await posted.getByText('Waiting for approval').count()).toBe(0);
    expect(await thread.getByLabel('Your reply').inputValue()).toBe('');
    await checkA11y(page);

    // Cancel keeps it, and focus goes back to the button.
    const deleteButton = posted.getByRole('button', { name: 'Delete reply' });
    await deleteButton.click();
    const confirm = page.getByRole('dialog', { name: 'Delete reply' });
    expect(await confirm.getByText('Are you sure you want to delete this reply by Ruth Delacroix?').isVisible()).toBe(true);
    await checkA11y(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await deleteButton.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await posted.count()).toBe(1);

    await deleteButton.click();
    await confirm.getByRole('button', { name: 'Delete reply' }).click();
    await posted.waitFor({ state: 'detached' });
    const repliesHeading = thread.getByRole('heading', { level: 3, name: /Replies/ });
    await expect.poll(() => repliesHeading.evaluate((el) => el === document.activeElement)).toBe(true);

    // Still gone for anyone after a reload.
    await page.reload();
    await thread.waitFor();
    expect(await reply(page, 'Ruth Delacroix').count()).toBe(0);
  });

  it('approves a waiting demo reply from its link, and deletes a thread after confirming', async () => {
    const page = await openPageAs(harness, MODERATOR.email, MODERATOR.password);
    await openForum(page);
    await page.getByRole('link', { name: /^Reply by Art Abernathy in/ }).click();
    const waiting = reply(page, 'Art Abernathy').filter({ hasText: 'Waiting for approval' });
    await waiting.waitFor();
    await expect.poll(() => waiting.evaluate((el) => el === document.activeElement)).toBe(true);
    await waiting.getByRole('button', { name: 'Approve reply' }).click();
    await page.getByRole('listitem', { name: 'Reply by Art Abernathy' }).filter({ hasText: 'Waiting for approval' }).waitFor({ state: 'detached' });

    await page.goto(threadPath);
    const thread = page.getByRole('article', { name: TITLE });
    await thread.getByRole('button', { name: 'Delete thread' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete thread' });
    await confirm.getByRole('button', { name: 'Delete thread' }).click();
    await page.waitForURL(/\/forum$/);
    await page.getByText(`The thread “${TITLE}” is deleted.`).waitFor();
    // The list is fresh as the page arrives: no stale entry for the deleted thread.
    expect(await listedThread(page, TITLE).count()).toBe(0);
    expect(await threadList(page).getByRole('link').count()).toBe(4);
    const listHeading = page.getByRole('heading', { level: 2, name: 'Threads' });
    await expect.poll(() => listHeading.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  for (const width of [390, 375]) {
    it(`shows the list and the thread as separate views on a ${width} px phone`, async () => {
      const page = await openPageAs(harness, POSTER.email, POSTER.password, { viewport: { width, height: 800 }, hasTouch: true, isMobile: true });
      await openForum(page);
      const title = 'Setting the ignition timing by ear';
      await checkA11y(page);
      if (width === 390) await snapshot(page, 'forum-list-390');

      // The new-thread dialog fits the phone and closes by tapping Cancel, focus back on its button.
      await page.getByRole('button', { name: 'New thread' }).tap();
      const dialog = page.getByRole('dialog', { name: 'New thread' });
      await dialog.getByLabel('Title').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await checkA11y(page);
      if (width === 390) await snapshot(page, 'forum-new-thread-390', { fullPage: false });
      await dialog.getByRole('button', { name: 'Cancel' }).tap();
      await dialog.waitFor({ state: 'hidden' });
      expect(await page.getByRole('button', { name: 'New thread' }).evaluate((el) => el === document.activeElement)).toBe(true);

      await listedThread(page, title).tap();
      const thread = page.getByRole('article', { name: title });
      await thread.waitFor();
      expect(await threadList(page).isVisible()).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await checkA11y(page);
      if (width === 390) await snapshot(page, 'forum-thread-390');

      await page.getByRole('link', { name: 'All threads' }).tap();
      await threadList(page).waitFor();
      expect(await thread.count()).toBe(0);
      expect(await page.getByRole('link', { name: 'All threads' }).count()).toBe(0);
    });
  }

  // Last: the threads it adds would push the demo's threads to the second page.
  it('reads the list a page at a time: Next shows the page fetched ahead, search and order ask the server', async () => {
    const db = serverDatabase(harness);
    const now = Date.now();
    // 30 approved threads, newer than the demo's; thread 12 has three replies.
    for (let n = 0; n < 30; n += 1) {
      const created = new Date(now - (30 - n) * 60_000).toISOString();
      const { lastInsertRowid } = db
        .prepare("INSERT INTO forum_threads (title, description, author_id, approved, created) VALUES (?, 'Details.', 1, 1, ?)")
        .run(`Paging thread ${String(n).padStart(2, '0')}`, created);
      if (n === 12)
        for (let r = 0; r < 3; r += 1)
          db.prepare("INSERT INTO forum_posts (thread_id, content, author_id, approved, created) VALUES (?, 'Same here.', 1, 1, ?)").run(
            lastInsertRowid,
            created,
          );
    }
    db.close();

    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const nextPageFetched = page.waitForResponse((res) => res.url().endsWith('/api/forum.page.php') && res.request().postDataJSON()?.page === 2);
    await openForum(page);
    const count = page.locator('.forum-count');
    await count.getByText(/^\d+ threads\. Page 1 of 2\.$/).waitFor();
    const links = threadList(page).getByRole('link');
    expect(await links.count()).toBe(25);
    expect(await links.first().textContent()).toContain('Paging thread 29');
    await checkA11y(page);
    await snapshot(page, 'forum-paged-list-1280');

    // The next page was fetched ahead: with the server held back, Next still shows it at once.
    await nextPageFetched;
    const answers = await holdAnswers(page, 'forum.page');
    const pager = page.getByRole('navigation', { name: 'Pages of threads' });
    await pager.getByRole('button', { name: 'Next →' }).click();
    await count.getByText(/Page 2 of 2\.$/).waitFor();
    expect(await links.first().textContent()).toContain('Paging thread 04');
    expect(await pager.getByRole('button', { name: 'Next →' }).isDisabled()).toBe(true);

    // Another order keeps the page on screen, dimmed and busy, until the server answers; it starts at page 1.
    await page.getByLabel('Sort by').selectOption({ label: 'Most replies' });
    await page.locator('.forum-list[aria-busy="true"]').waitFor();
    expect(await links.first().textContent()).toContain('Paging thread 04');
    expect(await page.getByText('Loading the threads…').count()).toBe(0);
    await answers.release();
    await count.getByText(/Page 1 of 2\.$/).waitFor();
    expect(await links.first().textContent()).toContain('Paging thread 12');
    expect(await links.first().textContent()).toContain('3 replies');

    // Search words go to the server; every word must match.
    await page.getByLabel('Search threads').fill('paging 07');
    await count.getByText(/^Showing 1 of \d+ threads matching “paging 07”\.$/).waitFor();
    expect(await links.allTextContents()).toEqual([expect.stringContaining('Paging thread 07')]);
    expect(await pager.count()).toBe(0);
    await page.getByLabel('Search threads').fill('paging nothing-like-this');
    await page.getByText('No thread matches. Try fewer or other words.').waitFor();
    await checkA11y(page);
  });
});

describe('a member opens a forum thread that is not there', () => {
  it('says "Thread not found" with a way back, not "Try again"', async () => {
    const page = await openPageAs(harness, POSTER.email, POSTER.password, PHONE);
    await page.goto('/forum/999999');
    await page.getByRole('heading', { name: 'Thread not found' }).waitFor();
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    expect(await page.getByText(/reload/i).count()).toBe(0);
    await page.getByRole('link', { name: 'See all threads' }).tap();
    await page.waitForURL(/\/forum$/);
    await page.getByRole('list', { name: 'Threads' }).waitFor();
    await page.context().close();
  });
});

describe('a second tap on Post reply after the reply went', () => {
  it('keeps the confirmation of a forum reply and posts it once', async () => {
    const page = await openPageAs(harness, POSTER.email, POSTER.password, PHONE);
    await page.goto('/forum');
    await page.getByRole('list', { name: 'Threads' }).getByRole('link').first().tap();
    const box = page.getByLabel('Your reply');
    await box.waitFor();
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/forum.createPost')) posts.push(request.url());
    });
    await box.fill('A second tap must not undo this.');
    const form = page.getByRole('form', { name: 'Reply' });
    // A slow double-tap: the second tap comes once the reply has gone.
    const post = form.getByRole('button', { name: 'Post reply' });
    await post.tap();
    const thanks = form.getByText(/Your reply waits for a moderator/);
    await thanks.waitFor();
    await pressAndSeeItHandled(form, () => post.tap());
    expect(await thanks.isVisible()).toBe(true);
    expect(await form.getByRole('alert').count()).toBe(0);
    expect(posts).toHaveLength(1);
    await page.context().close();
  });
});
