import type { Newsletter } from '@club/contracts';
import { describe, expect, it } from 'vitest';
import { pickLatestNewsletter } from './latest-newsletter.ts';

const march: Newsletter = {
  id: 7,
  fileName: 'Valley News March 2025.pdf',
  title: 'Valley News March 2025',
  label: 'March 2025',
  isSpecial: false,
  year: 2025,
  month: 3,
  date: '2025-03-01',
  kind: 'pdf',
  coverUrl: '/uploads/newsletter-covers/a.jpg',
  textStatus: 'text',
};

describe('pickLatestNewsletter', () => {
  it('is undefined when there are no newsletters (or no answer yet)', () => {
    expect(pickLatestNewsletter([])).toBeUndefined();
    expect(pickLatestNewsletter(undefined)).toBeUndefined();
  });

  it('takes the first (newest) edition with its cover', () => {
    expect(pickLatestNewsletter([march, { ...march, id: 6, title: 'Valley News February 2025' }])).toEqual({
      title: 'Valley News March 2025',
      label: 'March 2025',
      coverUrl: '/uploads/newsletter-covers/a.jpg',
    });
  });
});
