import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, DEMO_ADMIN, openPageAs, snapshot, startHarness, type Harness } from './harness.ts';

/** The admin reads on the account page what became of the site's e-mail; this server has no SMTP_URL. */

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

describe('the admin checks the outgoing mail without a mail server', () => {
  it('says plainly that e-mail is not delivered and counts it saved, not sent', async () => {
    const page = await openPageAs(harness, DEMO_ADMIN.email, DEMO_ADMIN.password, { viewport: { width: 1280, height: 900 } });
    const sent = await page.request.post('/api/contact.submit.php', {
      data: { f: 'Ada', l: 'Outbox', e: 'ada.outbox@example.com', m: 'Is anyone reading this?', website: '' },
    });
    expect(sent.status()).toBe(200);
    await page.goto('/account');
    const panel = page.getByRole('region', { name: 'Outgoing e-mail and pushes' });
    const note = panel.getByRole('note', { name: 'E-mail is not delivered' });
    await note.waitFor();
    expect(await note.innerText()).toMatch(/^E-mail is not being delivered: no mail server is set \(SMTP_URL\)/);
    // The demo's messages were written to files: saved, not sent, never "gone out".
    await expect
      .poll(
        async () => {
          await panel.getByRole('button', { name: 'Refresh' }).click();
          return panel.getByRole('definition').first().innerText();
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toMatch(/^0 sent, [1-9]\d* saved, not sent, \d+ waiting/);
    expect(await panel.getByText(/gone out/).count()).toBe(0);
    // Nor does the contact panel say the messages reached the club: they were only saved.
    const contact = page.getByRole('region', { name: 'Contact messages that were not delivered' });
    await contact.getByText(/^None failed, but none reached the club’s address either: without a mail server \(SMTP_URL\)/).waitFor();
    expect(await contact.getByText(/Every contact message reached/).count()).toBe(0);
    await checkA11y(page);
    for (const [width, height] of [
      [375, 667],
      [390, 844],
      [768, 1024],
      [1280, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await panel.evaluate((el) => el.scrollIntoView());
      await snapshot(page, `admin-outbox-no-smtp-${width}`, { fullPage: false });
      // "e-mail" in the heading stays whole, and the two rows of counts are laid out alike (label above on a phone).
      const layout = await panel.evaluate((section) => {
        const heading = section.querySelector('h2');
        const text = heading?.firstChild?.textContent ?? '';
        const range = document.createRange();
        const words = [...(heading?.querySelectorAll('*') ?? [])].find((element) => element.textContent === 'e-mail');
        if (words) range.selectNodeContents(words);
        const rows = [...section.querySelectorAll('.facts__row')].map((row) => {
          const [dt, dd] = [row.querySelector('dt'), row.querySelector('dd')].map((element) => element?.getBoundingClientRect());
          return dt && dd ? dd.top >= dt.bottom - 1 : undefined;
        });
        return { text, eMailLines: words ? range.getClientRects().length : 0, stacked: rows };
      });
      expect(layout.eMailLines, `"e-mail" in the heading at ${width} px`).toBe(1);
      expect(new Set(layout.stacked).size, `the rows of counts at ${width} px: ${JSON.stringify(layout.stacked)}`).toBe(1);
    }
    const health = (await (await page.request.get('/healthz')).json()) as { ok: boolean; mail: { isDelivering: boolean; savedNotSent: number } };
    expect(health.ok).toBe(true);
    expect(health.mail.isDelivering).toBe(false);
    await page.context().close();
  });
});
