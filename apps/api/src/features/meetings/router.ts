import type { AppDeps } from '../../deps.ts';
import { mountCall, type ApiRouter } from '../../http/mount-call.ts';
import { createMeetingsService } from './service.ts';

export function mountMeetingsCalls(api: ApiRouter, deps: AppDeps): void {
  const meetings = createMeetingsService(deps);

  mountCall(api, 'meeting.get', () => ({ m: meetings.read() }), { cache: 'shared' });

  mountCall(api, 'meeting.set', ({ g: _session, ...meeting }) => {
    meetings.write(meeting);
    return {};
  });
}
