import { describe, expect, it } from 'vitest';
import { pickLatestNewsletter } from './latest-newsletter.ts';

describe('pickLatestNewsletter', () => {
  it('is undefined when there are no newsletters', () => {
    expect(pickLatestNewsletter([])).toBeUndefined();
    expect(pickLatestNewsletter([''])).toBeUndefined();
  });

  it('takes the first (newest) file and names it without the extension', () => {
    expect(pickLatestNewsletter(['Valley News March 2024.pdf', 'Valley News February 2024.pdf'])).toEqual({
      fileName: 'Valley News March 2024.pdf',
      label: 'Valley News March 2024',
      url: '/uploads/newsletters/Valley%20News%20March%202024.pdf',
      isImage: false,
    });
  });

  it('recognises an image edition, which can be shown as its own cover', () => {
    expect(pickLatestNewsletter(['Valley News Special May 2025.JPG'])?.isImage).toBe(true);
  });
});
