import type { MeetingPlace } from '@club/contracts';
import type { AppDeps } from '../../deps.ts';
import { readMeeting, writeMeeting } from './store.ts';

export type MeetingsService = {
  read(): MeetingPlace;
  write(meeting: MeetingPlace): void;
};

export function createMeetingsService({ db, services }: Pick<AppDeps, 'db' | 'services'>): MeetingsService {
  return {
    read: () => readMeeting(db),
    write: (meeting) =>
      db.transaction((tx) => {
        writeMeeting(tx, meeting);
        services.search.reindex(tx, 'meeting', [1]);
      }),
  };
}
