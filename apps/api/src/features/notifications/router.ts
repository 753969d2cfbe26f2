import type { AppDeps } from '../../deps.ts';
import { mountCall, type ApiRouter } from '../../http/mount-call.ts';
import { createNotificationsService } from './service.ts';

export function mountNotificationsCalls(api: ApiRouter, deps: AppDeps): void {
  const notifications = createNotificationsService(deps);

  mountCall(api, 'token.get', ({ t }, { user }) => ({ r: notifications.isRegistered(user, t) }));

  mountCall(api, 'token.save', ({ t, e: isSubscribing }, { user }) => {
    notifications.saveSubscription(user, t, isSubscribing);
    return {};
  });

  // Counting the whole outbox grows with the club (it keeps every e-mail); the answer depends on
  // the database alone, so it is counted once per change to it, not once per look at the page.
  mountCall(
    api,
    'outbox.get',
    () => {
      const { mail, push, entries, delivery } = notifications.queue();
      return { mail, push, q: entries, smtp: delivery.isDelivering, noSmtp: delivery.reason };
    },
    { cache: 'shared' },
  );

  mountCall(api, 'outbox.retry', () => notifications.retryNow());

  // Mail programs' one-click unsubscribe (RFC 8058) POSTs "List-Unsubscribe=One-Click" (as a
  // form or multipart) to the header's URL, so the token arrives in the query string; the web
  // page sends it in the body.
  mountCall(api, 'email.unsubscribe', ({ t }) => ({ m: notifications.turnEmailOff(t) }), { fromQuery: ['t'] });
}
