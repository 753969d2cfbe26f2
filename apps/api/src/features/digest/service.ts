import { clubNow, describeStart } from '@club/contracts/plain';
import type { RsvpEvent, SessionUser } from '@club/contracts';
import type { AppDeps } from '../../deps.ts';
import { badRequest } from '../../errors.ts';
import { readSessionUser } from '../../services/sessions.ts';
import { maskedEmail, readUnsubscribeToken, UNSUBSCRIBE_LINK_DAYS } from '../../services/unsubscribe-links.ts';
import { readRsvpToken, type RsvpLink } from './rsvp-links.ts';
import { digestSettingFinder, findRsvpEvent, isRsvpLinkUsed, listComingMembers, turnDigestOffAtAddress, useRsvpLink, writeDigestSetting } from './store.ts';
import type { TimedDigestPreview } from './weekly.ts';

const NOT_VALID_RSVP =
  'This link is not valid: please open the whole link from the digest e-mail, or say whether you are coming on the event page after logging in.';

export type DigestService = {
  isOn(user: SessionUser): boolean;
  setOn(user: SessionUser, isOn: boolean): boolean;
  /** The digest's one-click opt-out: the masked address whose digest is now off. */
  turnOff(token: string): string;
  /** What an "I'm coming" link is for; refuses a forged, used or expired one. Changes nothing. */
  readRsvp(token: string): RsvpEvent;
  /** Records "I'm coming" once for the link's member and event. */
  confirmRsvp(token: string): { event: RsvpEvent; status: 'confirmed' | 'waitlisted' | 'already' };
  /** The next digest as it would reach this admin, and the moment it goes out (after which the preview is of the week after). */
  preview(user: SessionUser): TimedDigestPreview;
  sendPreview(user: SessionUser): string;
};

type Deps = Pick<AppDeps, 'db' | 'services' | 'config'> & { clock?: () => Date };

export function createDigestService({ db, services, config, clock = () => new Date() }: Deps): DigestService {
  const findDigestSetting = digestSettingFinder(db);

  /** The link's member and event, or the refusal a member can act on. */
  const openRsvp = (token: string): { link: RsvpLink; event: RsvpEvent } => {
    const link = readRsvpToken(services.keys.linkSecret, token, clubNow(clock(), config.timeZone));
    if (!link) throw badRequest(NOT_VALID_RSVP);
    const stored = findRsvpEvent(db, link.eventId);
    if (!stored) throw badRequest('This event is no longer on the calendar (it may have been cancelled), so there is nothing to answer.');
    const { date, time } = describeStart(stored.start);
    const event = { eventId: stored.id, title: stored.title, date, time, venue: stored.venue };
    if (link.isExpired) throw badRequest(`This link has expired: ${stored.title} is over. Links in the weekly digest work until their event ends.`);
    if (isRsvpLinkUsed(db, link)) {
      throw badRequest(`This link was already used, so your answer for ${stored.title} is recorded. To change it, open the event page after logging in.`);
    }
    return { link, event };
  };

  return {
    isOn: (user) => findDigestSetting(user.id) ?? false,

    setOn(user, isOn) {
      writeDigestSetting(db, user.id, isOn);
      return isOn;
    },

    turnOff(token) {
      const memberId = readUnsubscribeToken(services.keys.linkSecret, token, clock(), 'weekly-digest-off');
      if (memberId === 'expired') {
        throw badRequest(
          `This link has expired (links in the weekly digest work for ${UNSUBSCRIBE_LINK_DAYS} days). Please use the link in a newer digest, or turn the digest off on your Account page after logging in.`,
        );
      }
      const email = memberId === undefined ? undefined : turnDigestOffAtAddress(db, memberId);
      if (email === undefined) {
        throw badRequest(
          'This link is not valid: please open the whole link from the e-mail. You can also turn the weekly digest off on your Account page after logging in.',
        );
      }
      return maskedEmail(email);
    },

    readRsvp: (token) => openRsvp(token).event,

    confirmRsvp(token) {
      const { link, event } = openRsvp(token);
      const member = readSessionUser(db, link.memberId);
      if (!member) throw badRequest(NOT_VALID_RSVP);
      // One transaction (the sign-up's own nests in it): of two clicks at once only one records
      // the answer, and an answer refused (sign-up closed) leaves the link unused.
      return db.transaction((tx) => {
        if (!useRsvpLink(tx, link)) {
          throw badRequest(`This link was already used, so your answer for ${event.title} is recorded. To change it, open the event page after logging in.`);
        }
        if (listComingMembers(tx, [link.eventId], [link.memberId]).size > 0) return { event, status: 'already' as const };
        const result = services.signups.answer(member, { eventId: link.eventId, answer: 'attending', comments: '' });
        return { event, status: result.status === 'waitlisted' ? ('waitlisted' as const) : ('confirmed' as const) };
      });
    },

    preview: (user) => services.digest.preview(user.id),

    sendPreview(user) {
      const { preview } = services.digest.preview(user.id);
      if (preview.isEmpty) throw badRequest('Nothing new was added this week, so no digest would go out and there is nothing to send.');
      return services.digest.sendPreview(user.id).to;
    },
  };
}
