import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg, makePng } from '../../api/test/images.ts';
import { checkA11y, DEMO_MEMBER, openPage, openPageAs, snapshot, startHarness, visit, type Harness } from './harness.ts';
import { boxOf } from './steps.ts';

const PHOTO_EDITOR = { email: 'photos@example.org', password: 'demo-photos-1' };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 } as const;
const VIDEO_ID = 'aqz-KE-bpKQ';
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

const postsOnPage = (page: Page) => page.locator('.post-list > article');
const postTitles = (page: Page) => page.locator('.post-list > article h2').allTextContents();

/** Every URL the page asks for while `action` runs. */
async function requestsDuring(page: Page, action: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const listener = (request: Request) => seen.push(new URL(request.url()).pathname);
  page.on('request', listener);
  await action();
  page.off('request', listener);
  return seen;
}

/** The photo calls among requested paths, by call name (blog.get, blog.page, blog.post …). */
const blogCalls = (paths: string[]): string[] => paths.flatMap((path) => /^\/api\/(blog\.\w+)\.php$/.exec(path)?.[1] ?? []);

describe('photo posts, as a visitor', () => {
  it('pages the twelve demo posts as 5, 5 and 2, newest first, with the page in the address', async () => {
    const page = await openPage(harness);
    const opening = await requestsDuring(page, async () => {
      await page.goto('/blog');
      await page.getByRole('heading', { level: 1, name: 'Photos' }).waitFor();
      await postsOnPage(page).first().waitFor();
    });
    // Page 1 of the posts came with the page (the server's first answer), so no call at all, and
    // never the spec's every-post list; the pages after it are asked for one at a time.
    expect(blogCalls(opening)).toEqual([]);
    expect(await postsOnPage(page).count()).toBe(5);
    expect((await postTitles(page))[0]).toBe('Spring tour to Hermann');
    expect(await page.getByRole('link', { name: /Previous/ }).count()).toBe(0);
    await checkA11y(page);
    await snapshot(page, 'blog-list-1280');

    const pager = page.getByRole('navigation', { name: 'Photo pages' });
    await pager.getByRole('link', { name: /Next/ }).click();
    await page.waitForURL('**/blog?page=2');
    await page.getByText('Page 2 of 3').waitFor();
    expect(await postsOnPage(page).count()).toBe(5);
    await pager.getByRole('link', { name: /Next/ }).click();
    await page.waitForURL('**/blog?page=3');
    await page.getByText('Page 3 of 3').waitFor();
    expect(await postsOnPage(page).count()).toBe(2);
    expect(await pager.getByRole('link', { name: /Next/ }).count()).toBe(0);
    expect(await postTitles(page)).toEqual(['Spring tune-up clinic', 'Winter storage tips']);

    await pager.getByRole('link', { name: /Previous/ }).click();
    await page.waitForURL('**/blog?page=2');
    await page.getByText('Page 2 of 3').waitFor();
    await page.reload();
    await page.getByText('Page 2 of 3').waitFor();
    expect(await postsOnPage(page).count()).toBe(5);
  });

  it('walks every post with the previous and next links of a single post, and says Post Not Found', async () => {
    const page = await openPage(harness);
    await page.goto('/blog');
    await page.getByRole('link', { name: 'Spring tour to Hermann' }).click();
    await page.getByRole('heading', { level: 1, name: 'Spring tour to Hermann' }).waitFor();
    expect(await page.title()).toMatch(/^Spring tour to Hermann - /);
    await checkA11y(page);

    const visited = ['Spring tour to Hermann'];
    const nav = page.getByRole('navigation', { name: 'Other posts' });
    expect(await nav.getByRole('link', { name: /Previous post/ }).count()).toBe(0);
    const walking = await requestsDuring(page, async () => {
      while ((await nav.getByRole('link', { name: /Next post/ }).count()) > 0) {
        const url = page.url();
        await nav.getByRole('link', { name: /Next post/ }).click();
        await page.waitForURL((next) => next.toString() !== url);
        const heading = page.getByRole('heading', { level: 1 });
        // While the next post loads the heading says Photos; wait for the post's own title.
        await page.waitForFunction((before) => ![before, 'Photos'].includes(document.querySelector('h1')?.textContent ?? 'Photos'), visited.at(-1));
        visited.push((await heading.textContent()) ?? '');
      }
    });
    expect(visited).toHaveLength(12);
    // Each post page reads that one post with its neighbours.
    expect(blogCalls(walking)).toEqual(Array.from({ length: 11 }, () => 'blog.post'));
    expect(visited.at(-1)).toBe('Winter storage tips');
    await nav.getByRole('link', { name: /Previous post/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Spring tune-up clinic' }).waitFor();

    // A search engine or a link checker is told the post is not there; the person sees why.
    expect((await page.goto('/blog/999999'))?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Post Not Found' }).waitFor();
    await checkA11y(page);
  });

  it('opens the large view only when asked, and works it with the keyboard', async () => {
    const page = await openPage(harness);
    await page.goto('/blog');
    await page.getByRole('link', { name: 'Spring tour to Hermann' }).click();
    // The list shows every post's photos too: take the opener once the post's own page is there.
    await page.getByRole('heading', { level: 1, name: 'Spring tour to Hermann' }).waitFor();
    const opener = page.getByRole('button', { name: 'Open photo 1 of 2 large' });
    await opener.waitFor();
    const scriptsBefore = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((n) => n.endsWith('.js')),
    );
    expect(scriptsBefore.some((name) => /photo-lightbox/.test(name))).toBe(false);

    await opener.focus();
    await page.keyboard.press('Enter');
    const lightbox = page.getByRole('dialog', { name: 'Photos from Spring tour to Hermann' });
    await lightbox.waitFor();
    const scriptsAfter = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((n) => n.endsWith('.js')),
    );
    expect(scriptsAfter.some((name) => /photo-lightbox/.test(name))).toBe(true);
    await lightbox.getByRole('group', { name: '1 of 2' }).waitFor();
    await snapshot(page, 'blog-lightbox-1280', { fullPage: false });

    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('.yarl__slide_current')?.getAttribute('aria-label') === '2 of 2');
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => document.querySelector('.yarl__slide_current')?.getAttribute('aria-label') === '1 of 2');
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Open photo 1 of 2 large');
  });

  it('on a 390 px phone downloads the 480 px copies, and opens a photo with a tap', async () => {
    const page = await openPage(harness, PHONE);
    const requested = await requestsDuring(page, async () => {
      await page.goto('/blog');
      await postsOnPage(page).first().waitFor();
      await page
        .locator('.post-gallery__image')
        .first()
        .evaluate((img: HTMLImageElement) => img.decode());
      await page.waitForLoadState('networkidle');
    });
    const photos = requested.filter((url) => url.startsWith('/uploads/blog/'));
    expect(photos.length).toBeGreaterThan(0);
    expect(
      photos.every((url) => /\.480\.webp$/.test(url)),
      photos.join('\n'),
    ).toBe(true);
    const first = page.locator('.post-gallery__image').first();
    expect(await first.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toMatch(/\.480\.webp$/);
    await checkA11y(page);
    await snapshot(page, 'blog-list-390');
    // Each post's title is its link in the list: a finger's height on a touch screen, not a 29 px line.
    const titles = await page.locator('.post__title a').evaluateAll((links) => links.map((link) => link.getBoundingClientRect().height));
    expect(titles).toHaveLength(5);
    expect(titles.filter((height) => height < 44)).toEqual([]);

    await page.getByRole('button', { name: 'Open photo 1 of 2 large' }).first().tap();
    const lightbox = page.getByRole('dialog', { name: /^Photos from / });
    await lightbox.waitFor();
    await snapshot(page, 'blog-lightbox-390', { fullPage: false });
    await lightbox.getByRole('button', { name: 'Close' }).tap();
    await lightbox.waitFor({ state: 'detached' });
    // A post's way back to the list is a finger's height, not a 29 px line of text.
    await page.getByRole('link', { name: 'Spring tour to Hermann', exact: true }).tap();
    const allPhotos = page.getByRole('link', { name: 'All photos', exact: true });
    expect((await allPhotos.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  });

  it('shows the newest post’s first photo on the home page’s Photos card', async () => {
    const page = await openPage(harness);
    const photo = page.getByRole('img', { name: 'From the latest photo post: Spring tour to Hermann' });
    const opening = await requestsDuring(page, async () => {
      await visit(page, '/');
      await photo.waitFor();
    });
    expect(blogCalls(opening)).toEqual(['blog.page']);
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
    // axe: public-pages checks this same page (a visitor's home page at 1280 px): the same markup.
    await snapshot(page, 'blog-home-card-1280');
  });

  it('shows "1 of 2", a caption and arrows that stay visible on light photos in the lightbox', async () => {
    const page = await openPage(harness, PHONE);
    await page.goto('/blog');
    const first = page.locator('.post-list > article').first();
    const title = ((await first.locator('h2').textContent()) ?? '').trim();
    await first.locator('h2 a').tap();
    // The list shows every post's gallery too: wait until the post's own page has replaced it.
    await page.waitForURL(/\/blog\/\d+$/);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('button', { name: 'Open photo 1 of 2 large' }).tap();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('1 of 2', { exact: true }).waitFor();
    // The caption of the photo on screen (the neighbours wait, off screen, beside it).
    const captionsOnScreen = await dialog.getByText(title, { exact: true }).evaluateAll(
      (elements) =>
        elements.filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && box.left >= 0 && box.right <= window.innerWidth && box.bottom <= window.innerHeight;
        }).length,
    );
    expect(captionsOnScreen).toBe(1);
    const next = dialog.getByRole('button', { name: 'Next' });
    const nextBox = await boxOf(next);
    expect(nextBox.width).toBeGreaterThanOrEqual(44);
    expect(nextBox.height).toBeGreaterThanOrEqual(44);
    // A dark disc behind the arrow: it shows on a white sky as well as on a dark one.
    const alpha = await next.evaluate((element) => {
      const match = /rgba?\(([^)]+)\)/.exec(getComputedStyle(element).backgroundColor);
      const parts = (match?.[1] ?? '0, 0, 0, 0').split(',').map(Number);
      return parts.length === 4 ? (parts[3] ?? 0) : 1;
    });
    expect(alpha).toBeGreaterThanOrEqual(0.5);
    await next.tap();
    await dialog.getByText('2 of 2', { exact: true }).waitFor();
    await snapshot(page, 'lightbox-390', { fullPage: false });
    await page.context().close();
  });
});

describe('photo posts, as an editor', () => {
  it('creates a post with text, three JPEGs (one turned) and a video link; it shows first on /blog', async () => {
    const landscape = await makeJpeg(1600, 1000);
    const page = await openPageAs(harness, PHOTO_EDITOR.email, PHOTO_EDITOR.password);
    await page.goto('/blog');
    await page.getByRole('link', { name: 'Add Post' }).click();
    await page.waitForURL('**/editBlog/0');
    await page.getByRole('heading', { level: 1, name: 'New Post' }).waitFor();

    await page.getByLabel('Title').fill('Rally at the river');
    await page.getByLabel('Date').fill('2026-05-02');
    await page.getByRole('textbox', { name: 'Text 1', exact: true }).fill('We met at the landing.\n\nPhotos by Dorothy; route at https://example.org/rally.');
    await page.getByRole('button', { name: '+ Add photos' }).click();
    await page.getByLabel('Photos 1: add JPEG photos').setInputFiles([
      { name: 'one.jpg', mimeType: 'image/jpeg', buffer: landscape },
      { name: 'two.jpg', mimeType: 'image/jpeg', buffer: landscape },
      { name: 'three.jpg', mimeType: 'image/jpeg', buffer: landscape },
    ]);
    await page.getByRole('img', { name: 'photo 3, new: three.jpg' }).waitFor();
    await page.getByRole('button', { name: 'Rotate photo 2 right' }).click();
    await page.getByRole('img', { name: 'photo 2, new: two.jpg, turned 90°' }).waitFor();
    await page.getByRole('button', { name: '+ Add video' }).click();
    const video = page.getByLabel('Video 1: YouTube link or video id');
    await video.fill(`https://www.youtube.com/watch?v=${VIDEO_ID}&t=42s`);
    expect(await video.inputValue()).toBe(VIDEO_ID);
    await video.fill('not a video');
    await video.blur();
    expect(await video.inputValue()).toBe('');
    await page.getByText('That was not a YouTube link or video id').waitFor();
    await video.fill(`https://youtu.be/${VIDEO_ID}`);
    await page.getByRole('button', { name: 'Move Video 1 up' }).click();
    await page.getByRole('button', { name: 'Move Video 1 down' }).click();
    await checkA11y(page);
    await snapshot(page, 'blog-editor-1280');

    await page.getByRole('button', { name: 'Save Post' }).click();
    await page.getByText('Successfully Saved').waitFor();

    await page.getByRole('link', { name: 'Back to Photos' }).click();
    await page.getByRole('heading', { level: 1, name: 'Photos' }).waitFor();
    await page.getByRole('link', { name: 'Rally at the river', exact: true }).waitFor();
    expect((await postTitles(page))[0]).toBe('Rally at the river');
    const post = postsOnPage(page).first();
    expect(await post.getByRole('link', { name: 'https://example.org/rally' }).getAttribute('href')).toBe('https://example.org/rally');
    const sizes = await post
      .locator('.post-gallery__image')
      .evaluateAll((imgs) => imgs.map((img) => `${img.getAttribute('width')}x${img.getAttribute('height')}`));
    expect(sizes).toEqual(['1600x1000', '1000x1600', '1600x1000']);

    expect(await post.locator('iframe').count()).toBe(0);
    await post.getByRole('button', { name: /Play video/ }).click();
    expect(await post.locator('iframe').getAttribute('src')).toBe(`https://www.youtube-nocookie.com/embed/${VIDEO_ID}?autoplay=1&rel=0`);
  });

  it('shows a server refusal in a dialog titled Error, then deletes a post after confirmation', async () => {
    const page = await openPageAs(harness, PHOTO_EDITOR.email, PHOTO_EDITOR.password);
    await page.goto('/editBlog/0');
    await page.getByLabel('Title').fill('Short-lived post');
    await page.getByRole('textbox', { name: 'Text 1', exact: true }).fill('Soon gone.');
    await page.getByRole('button', { name: '+ Add photos' }).click();
    await page.getByLabel('Photos 1: add JPEG photos').setInputFiles([{ name: 'fake.jpg', mimeType: 'image/jpeg', buffer: await makePng(40, 30) }]);
    const save = page.getByRole('button', { name: 'Save Post' });
    await save.click();
    const error = page.getByRole('dialog', { name: 'Error' });
    await error.getByText(/JPEG/).waitFor();
    await checkA11y(page);
    await page.keyboard.press('Escape');
    await error.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Remove photo 1' }).click();
    await save.click();
    await page.getByText('Successfully Saved').waitFor();
    const deleteButton = page.getByRole('button', { name: 'Delete Post' });
    await deleteButton.click();
    const confirm = page.getByRole('dialog', { name: 'Delete Post' });
    await confirm.getByText('Are you sure').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await deleteButton.evaluate((el) => el === document.activeElement)).toBe(true);
    await deleteButton.click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Successfully Deleted').waitFor();
    await page.goto('/blog');
    await postsOnPage(page).first().waitFor();
    expect(await postTitles(page)).not.toContain('Short-lived post');
  });

  it('keeps the editor from a member without the photos permission', async () => {
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await page.goto('/blog');
    await postsOnPage(page).first().waitFor();
    expect(await page.getByRole('link', { name: 'Add Post' }).count()).toBe(0);
    await page.goto('/editBlog/0');
    await page.getByText('needs the Add/Edit Photos permission').waitFor();
  });

  it('lets an editor work on a phone: tap to add entries, pick photos, save', async () => {
    const page = await openPageAs(harness, PHOTO_EDITOR.email, PHOTO_EDITOR.password, PHONE);
    await page.goto('/editBlog/0');
    await page.getByLabel('Title').fill('From my phone');
    await page.getByRole('textbox', { name: 'Text 1', exact: true }).fill('Posted from the road.');
    await page.getByRole('button', { name: '+ Add photos' }).tap();
    await page.getByLabel('Photos 1: add JPEG photos').setInputFiles([{ name: 'p.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(800, 600) }]);
    await page.getByRole('button', { name: 'Rotate photo 1 left' }).tap();
    await page.getByRole('img', { name: 'photo 1, new: p.jpg, turned 270°' }).waitFor();
    await checkA11y(page);
    await snapshot(page, 'blog-editor-390');
    expect((await page.getByRole('link', { name: 'Back to Photos' }).boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await page.getByRole('button', { name: 'Save Post' }).tap();
    await page.getByText('Successfully Saved').waitFor();
  });
});

describe('an editor saves a new photo post, then deletes it', () => {
  it('moves to /editBlog/{id}, survives a reload, and confirms the delete on the list page', async () => {
    const page = await openPageAs(harness, PHOTO_EDITOR.email, PHOTO_EDITOR.password, PHONE);
    await page.goto('/editBlog/0');
    await page.getByRole('heading', { level: 1, name: 'New Post' }).waitFor();
    await page.getByLabel('Title').fill('Saved then deleted post');
    await page.getByRole('textbox', { name: 'Text 1', exact: true }).fill('Saved once, then gone.');
    await page.getByRole('button', { name: 'Save Post' }).tap();
    await page.getByText('Successfully Saved').waitFor();
    await page.waitForURL(/\/editBlog\/[1-9]\d*$/);
    await page.getByRole('heading', { level: 1, name: 'Edit Post' }).waitFor();
    // The same editor stays on screen with its confirmation.
    expect(await page.getByText('Successfully Saved').isVisible()).toBe(true);

    await page.reload();
    const title = page.getByLabel('Title');
    await title.waitFor();
    expect(await title.inputValue()).toBe('Saved then deleted post');

    await page.getByRole('button', { name: 'Delete Post' }).tap();
    await page.getByRole('dialog', { name: 'Delete Post' }).getByRole('button', { name: 'Delete', exact: true }).tap();
    await page.waitForURL(/\/blog$/);
    const notice = page.getByRole('status').filter({ hasText: 'Successfully Deleted' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Saved then deleted post');
    expect(await page.getByText('Post Not Found').count()).toBe(0);
    // The editor of a post that is gone was replaced in the history: Back does not reopen it.
    expect(await page.locator('.post-list > article h2', { hasText: 'Saved then deleted post' }).count()).toBe(0);
    await page.context().close();
  });
});
