import type { AppDeps } from '../../deps.ts';
import { mountCall, type ApiRouter } from '../../http/mount-call.ts';
import { createClassifiedsService } from './service.ts';

export function mountClassifiedsCalls(api: ApiRouter, deps: AppDeps): void {
  const classifieds = createClassifiedsService(deps);

  // Not in the reply cache: what is on the list depends on the clock (expiry, 30 days as sold).
  mountCall(api, 'listings.list', ({ kind, category, q, page }, { user }) => classifieds.list(user, { kind, category, words: q }, page));
  mountCall(api, 'listing.get', ({ id }, { user }) => ({ listing: classifieds.readOne(user, id) }));
  mountCall(api, 'listings.mine', (_input, { user }) => ({ listings: classifieds.mine(user) }));

  mountCall(api, 'listing.save', async (input, { user, files }) => {
    const saved = await classifieds.save(user, {
      id: input.id,
      kind: input.kind,
      category: input.category,
      title: input.title,
      body: input.text,
      price: input.price,
      isOffers: input.offers,
      condition: input.condition,
      city: input.city,
      state: input.state,
      visibility: input.visibility,
      carId: input.carId,
      keptPhotos: input.photos,
      newPhotos: (files.f ?? []).map((file) => file.buffer),
    });
    return { i: saved.id, photos: saved.photos };
  });

  mountCall(api, 'listing.sold', ({ id }, { user }) => {
    classifieds.markSold(user, id);
    return {};
  });
  mountCall(api, 'listing.renew', ({ id }, { user }) => classifieds.renew(user, id));
  mountCall(api, 'listing.renewByLink', ({ t }) => classifieds.renewByLink(t));
  mountCall(api, 'listing.moderate', ({ id, hidden }, { user }) => {
    classifieds.moderate(user, id, hidden);
    return {};
  });
  mountCall(api, 'listing.delete', ({ id }, { user }) => {
    classifieds.remove(user, id);
    return {};
  });
  mountCall(api, 'listing.contact', ({ id, name, email, message, website }, { user, ip, log }) => {
    classifieds.contactSeller(user, id, { name, email, message, honeypot: website, ip }, log);
    return {};
  });
}
