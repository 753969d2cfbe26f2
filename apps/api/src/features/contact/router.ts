import type { AppDeps } from '../../deps.ts';
import { mountCall, type ApiRouter } from '../../http/mount-call.ts';
import { createContactService } from './service.ts';

export function mountContactCalls(api: ApiRouter, deps: AppDeps): void {
  const contact = createContactService(deps);

  mountCall(api, 'contact.submit', ({ f, l, e, m, website }, { ip, log }) => {
    contact.submit({ firstName: f, lastName: l, email: e, message: m, honeypot: website, ip }, log);
    return {};
  });

  mountCall(api, 'contact.failed', () => ({
    c: contact.failedMessages().map(({ firstName, lastName, ...rest }) => ({ ...rest, name: `${firstName} ${lastName}` })),
  }));

  mountCall(api, 'contact.resend', ({ id }) => {
    contact.resend(id);
    return {};
  });
}
