import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Form } from './form.tsx';
import { FormField } from './form-field.tsx';

function ListingForm({ onSubmit, validate }: { onSubmit: () => Promise<unknown>; validate?: () => Record<string, string> | null }) {
  return (
    <Form onSubmit={onSubmit} validate={validate} submitLabel="Place listing">
      <FormField label="Title" name="title" required />
      <FormField label="Price" name="price" required />
      <FormField label="Where" name="where" />
    </Form>
  );
}

describe('a form sent with fields to correct', () => {
  it('marks each empty required field, links the summary to each, and takes focus to the first', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(() => Promise.resolve(null));
    render(<ListingForm onSubmit={onSubmit} />);

    await user.click(screen.getByRole('button', { name: 'Place listing' }));

    // The checks answer asynchronously (the contract's check loads when a form is sent).
    const summary = await screen.findByRole('list', { name: 'Fields to correct' });
    expect(onSubmit).not.toHaveBeenCalled();
    const title = screen.getByRole('textbox', { name: /Title/ });
    const price = screen.getByRole('textbox', { name: /Price/ });
    expect(title).toHaveProperty('ariaInvalid', 'true');
    expect(price).toHaveProperty('ariaInvalid', 'true');
    expect(screen.getByRole('textbox', { name: /Where/ }).getAttribute('aria-invalid')).not.toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(title));

    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Title', 'Price']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([`#${title.id}`, `#${price.id}`]);
    await user.click(links[1] as HTMLElement);
    expect(document.activeElement).toBe(price);
  });

  it('marks the fields its own check names, and sends once they are corrected', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(() => Promise.resolve(null));
    let isPriceWrong = true;
    render(<ListingForm onSubmit={onSubmit} validate={() => (isPriceWrong ? { price: 'Please give the price in dollars, e.g. 250.' } : null)} />);
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Rumble seat cushion');
    await user.type(screen.getByRole('textbox', { name: /Price/ }), 'a lot');

    await user.click(screen.getByRole('button', { name: 'Place listing' }));

    const price = screen.getByRole('textbox', { name: /Price/ });
    expect(
      within(await screen.findByRole('list', { name: 'Fields to correct' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Price']);
    expect(price).toHaveProperty('ariaInvalid', 'true');
    expect(screen.getByText('Please give the price in dollars, e.g. 250.')).toBeDefined();
    await waitFor(() => expect(document.activeElement).toBe(price));
    expect(onSubmit).not.toHaveBeenCalled();

    isPriceWrong = false;
    await user.clear(price);
    await user.type(price, '250');
    await user.click(screen.getByRole('button', { name: 'Place listing' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Successfully Saved')).toBeDefined();
  });
});
