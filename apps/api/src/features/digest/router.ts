import type { AppDeps } from '../../deps.ts';
import { mountCall, type ApiRouter } from '../../http/mount-call.ts';
import { createDigestService } from './service.ts';

export function mountDigestCalls(api: ApiRouter, deps: AppDeps): void {
  const digest = createDigestService(deps);

  mountCall(api, 'digest.get', (_input, { user }) => ({ weeklyDigest: digest.isOn(user) }));
  mountCall(api, 'digest.set', ({ d: isOn }, { user }) => ({ weeklyDigest: digest.setOn(user, isOn) }));
  // Mail programs' one-click unsubscribe (RFC 8058) POSTs to the header's URL with the token in
  // the query string; the web page sends it in the body.
  mountCall(api, 'digest.unsubscribe', ({ t }) => ({ m: digest.turnOff(t) }), { fromQuery: ['t'] });
  mountCall(api, 'rsvp.get', ({ t }) => ({ event: digest.readRsvp(t) }));
  mountCall(api, 'rsvp.confirm', ({ t }) => digest.confirmRsvp(t));
  // Written for the admin who asks (their name and links), and the same until the data changes or
  // the next run goes out: kept per member until then (it took seconds at ten times the data).
  mountCall(
    api,
    'digest.preview',
    (_input, { user, cacheUntil }) => {
      const { preview, until } = digest.preview(user);
      cacheUntil(until);
      return preview;
    },
    { cache: 'member' },
  );
  mountCall(api, 'digest.sendMe', (_input, { user }) => ({ to: digest.sendPreview(user) }));
}
