import type { AppDeps } from '../../deps.ts';
import { mountCall, type ApiRouter } from '../../http/mount-call.ts';
import { createClassifiedsService, nextStatusChange } from './service.ts';

export function mountClassifiedsCalls(api: ApiRouter, deps: AppDeps): void {
  const classifieds = createClassifiedsService(deps);

  // In the reply cache per member (names, "mine" and moderation differ by who asks), each answer
  // until the data changes or the clock does: a listing ends, or its 30 days as sold do.
  mountCall(
    api,
    'listings.list',
    ({ kind, category, q, page }, { user, cacheUntil }) => {
      const { listings, total, changesAt } = classifieds.list(user, { kind, category, words: q }, page);
      cacheUntil(changesAt);
      return { listings, total };
    },
    { cache: 'member' },
  );
  mountCall(
    api,
    'listing.get',
    ({ id }, { user, cacheUntil }) => {
      const listing = classifieds.readOne(user, id);
      cacheUntil(nextStatusChange(listing));
      return { listing };
    },
    { cache: 'member' },
  );
  mountCall(
    api,
    'listings.mine',
    (_input, { user, cacheUntil }) => {
      const listings = classifieds.mine(user);
      cacheUntil(Math.min(...listings.map((listing) => nextStatusChange(listing))));
      return { listings };
    },
    { cache: 'member' },
  );

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
