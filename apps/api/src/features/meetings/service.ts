import type { MeetingPlace } from '@club/contracts';
import type { AppDeps } from '../../deps.ts';
import { readMeeting, writeMeeting } from './store.ts';

export type MeetingsService = {
  read(): MeetingPlace;
  write(meeting: MeetingPlace): void;
};

export function createMeetingsService({ db }: Pick<AppDeps, 'db'>): MeetingsService {
  return {
    read: () => readMeeting(db),
    write: (meeting) => writeMeeting(db, meeting),
  };
}
