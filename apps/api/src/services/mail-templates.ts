import { PATHS } from '@club/contracts/plain';
import type { MailMessage } from './mail.ts';
import { escapeHtml } from '../lib/escape-html.ts';

/**
 * Every e-mail the site writes, and the one HTML escaper. Templates are plain functions from
 * what the message says to a MailMessage; the caller queues it with queueMail in its transaction.
 */

/** How long an e-mailed link works: an hour for a reset, a week for a new member's invitation. */
export const RESET_LINK_HOURS = 1;
export const INVITE_LINK_DAYS = 7;
/** How long an e-mailed sign-in link works. */
export const SIGN_IN_LINK_MINUTES = 15;

type LinkMail = { to: string; firstName: string; link: string; clubName: string };

const paragraphsToHtml = (paragraphs: string[], link: string) =>
  paragraphs
    .map((p) => (p === link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`))
    .join('\n');

function linkMail(to: string, subject: string, paragraphs: string[], link: string): MailMessage {
  return { to, subject, text: `${paragraphs.join('\n\n')}\n`, html: paragraphsToHtml(paragraphs, link) };
}

export function resetMail({ to, firstName, link, clubName }: LinkMail): MailMessage {
  return linkMail(
    to,
    `Reset your ${clubName} password`,
    [
      `Hello ${firstName},`,
      `Someone (we hope you) asked to reset the password for your ${clubName} member login. To choose a new password, open this link:`,
      link,
      `The link works once and for ${RESET_LINK_HOURS} hour. If it has expired, ask for a new one on the Member Login page with “Forgot your password?”.`,
      'If you did not ask for this, you can ignore this e-mail; your password stays as it is.',
      clubName,
    ],
    link,
  );
}

export function inviteMail({ to, firstName, link, clubName }: LinkMail): MailMessage {
  return linkMail(
    to,
    `Welcome to ${theClub(clubName)}: set your password`,
    [
      `Hello ${firstName},`,
      `Welcome to ${theClub(clubName)}! You have been added to the member list, so you can now log in to the members' pages of the club website.`,
      'To choose your password, open this link:',
      link,
      `After that, log in with this e-mail address (${to}) and your new password. The link works once and for ${INVITE_LINK_DAYS} days; if it has expired, use “Forgot your password?” on the Member Login page to get a new one.`,
      `See you at the next meeting,\n${clubName}`,
    ],
    link,
  );
}

/** A sign-in link: opening it (and pressing the button there) logs the member in on that browser. */
export function signInMail({ to, firstName, link, clubName }: LinkMail): MailMessage {
  return linkMail(
    to,
    `Your ${clubName} sign-in link`,
    [
      `Hello ${firstName},`,
      `Someone (we hope you) asked for a link to log in to the ${clubName} member pages without a password. Open this link in the browser you want to use, and press the button on the page:`,
      link,
      `The link works once and for ${SIGN_IN_LINK_MINUTES} minutes. If it has expired, ask for a new one on the Member Login page with “E-mail me a sign-in link”.`,
      'If you did not ask for this, you can ignore this e-mail; nobody can log in with it but whoever opens it.',
      clubName,
    ],
    link,
  );
}

type EmailChangedMail = { to: string; firstName: string; newEmail: string; clubName: string };

/** Sent to the old address whenever a member's address changes, so a takeover does not go unseen. */
export function emailChangedMail({ to, firstName, newEmail, clubName }: EmailChangedMail): MailMessage {
  return {
    to,
    subject: `Your ${clubName} e-mail address was changed`,
    text: `${[
      `Hello ${firstName},`,
      `The e-mail address on your ${clubName} member record was changed from this address to ${newEmail}. Club e-mails and password links now go there, and you log in with it.`,
      'If you did not ask for this, please reply to this e-mail or contact the club webmaster straight away.',
      clubName,
    ].join('\n\n')}\n`,
  };
}

/** Names travel in a mail header, so line breaks and runs of spaces become one space. */
export const oneLine = (value: string): string => value.replace(/\s+/g, ' ').trim();

type ContactMail = { to: string; firstName: string; lastName: string; email: string; message: string; baseUrl: string };

/** A contact-form message to the club, with the sender as Reply-To; names must already be one line. */
export function contactMail({ to, firstName, lastName, email, message, baseUrl }: ContactMail): MailMessage {
  return {
    to,
    replyTo: `"${`${firstName} ${lastName}`.replace(/["\\]/g, '')}" <${email}>`,
    subject: `Website contact from ${firstName} ${lastName}`,
    text: [
      `${firstName} ${lastName} <${email}> wrote through the contact form on ${baseUrl}${PATHS.contact}:`,
      '',
      message,
      '',
      '--',
      'Reply to this e-mail to answer them directly.',
    ].join('\n'),
  };
}

export type ReminderMail = {
  to: string;
  firstName: string;
  title: string;
  /** "Saturday, June 20, 2026" and "10:00 AM", in CLUB_TIMEZONE. */
  date: string;
  time: string;
  venue: string;
  /** The address lines that are filled in. */
  address: string[];
  /** The event's page. */
  link: string;
  /** The route book of the tour, when the event has one. */
  routeLink?: string;
  /** The signed one-click link that turns e-mail notifications off. */
  unsubscribeLink: string;
  /** RFC 8058 one-click endpoint for the List-Unsubscribe header (a POST turns notifications off). */
  unsubscribePost: string;
  clubName: string;
};

/** An event reminder to a member who has e-mail notifications on: what, when, where, a link, and a way out. */
export function reminderMail(m: ReminderMail): MailMessage {
  const where = [m.venue, ...m.address].filter((line) => line.trim() !== '');
  const details: [string, string][] = [['Date', m.date], ['Time', m.time], ...(where.length > 0 ? ([['Where', where.join(', ')]] as [string, string][]) : [])];
  const text = [
    `Hello ${m.firstName},`,
    '',
    `A reminder from ${m.clubName}: ${m.title}`,
    '',
    ...details.map(([label, value]) => `${label}: ${value}`),
    '',
    'The details, and whether you are coming, are on the event page:',
    m.link,
    '',
    ...(m.routeLink ? ['The route book (turn-by-turn directions, map and GPX for your phone):', m.routeLink, ''] : []),
    '--',
    'You get these reminders because e-mail notifications are on in your account. To turn them off with one click, open:',
    m.unsubscribeLink,
    '',
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(m.firstName)},</p>`,
    `<p>A reminder from ${escapeHtml(m.clubName)}:</p>`,
    `<h1 style="font-size:1.4em">${escapeHtml(m.title)}</h1>`,
    '<table role="presentation">',
    ...details.map(([label, value]) => `<tr><th align="left" style="padding-right:1em">${label}</th><td>${escapeHtml(value)}</td></tr>`),
    '</table>',
    `<p><a href="${escapeHtml(m.link)}">See the event and say whether you are coming</a></p>`,
    ...(m.routeLink ? [`<p><a href="${escapeHtml(m.routeLink)}">The route book</a>: turn-by-turn directions, the map, and GPX for your phone.</p>`] : []),
    `<hr><p style="font-size:0.9em">You get these reminders because e-mail notifications are on in your account. <a href="${escapeHtml(m.unsubscribeLink)}">Turn off e-mail notifications</a> (one click, no login).</p>`,
  ].join('\n');
  return {
    to: m.to,
    subject: `Reminder: ${m.title}, ${m.date} at ${m.time}`,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${m.unsubscribePost}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

type ForumWaitingMail = {
  to: string;
  kind: 'thread' | 'reply';
  title: string;
  author: string;
  excerpt: string;
  link: string;
  clubName: string;
};

/** Tells the forum moderators that one new thread or reply waits for their approval. */
export function forumWaitingMail({ to, kind, title, author, excerpt, link, clubName }: ForumWaitingMail): MailMessage {
  const what = kind === 'thread' ? `A new forum thread, "${title}",` : `A reply in the forum thread "${title}"`;
  const short = excerpt.length > 300 ? `${excerpt.slice(0, 300).trimEnd()}…` : excerpt;
  return linkMail(
    to,
    kind === 'thread' ? `Forum: new thread waiting for approval: ${title}` : `Forum: reply waiting for approval in ${title}`,
    [
      `${what} by ${author} is waiting for approval. Only moderators and ${author} can see it until it is approved.`,
      short,
      'To approve or delete it, log in and open:',
      link,
      `You get this e-mail because you are a forum moderator and e-mail notifications are on in your account settings.\n${clubName}`,
    ],
    link,
  );
}

/**
 * The club's name as it reads after "Welcome to": "the Gateway Region Model A Club", and a
 * name that already starts with "The" is not given a second one.
 */
export function theClub(clubName: string): string {
  const name = clubName.trim();
  return /^the\s/i.test(name) ? `the ${name.slice(4).trimStart()}` : `the ${name}`;
}

type WaitlistPromotedMail = {
  to: string;
  firstName: string;
  title: string;
  /** "Saturday, June 20, 2026" and "10:00 AM", in CLUB_TIMEZONE. */
  date: string;
  time: string;
  partySize: number;
  link: string;
  clubName: string;
};

/** A place opened up: the household moved from the waiting list to a seat. */
export function waitlistPromotedMail(m: WaitlistPromotedMail): MailMessage {
  const party = m.partySize === 1 ? 'you' : `your party of ${m.partySize}`;
  return linkMail(
    m.to,
    `You have a place: ${m.title}, ${m.date}`,
    [
      `Hello ${m.firstName},`,
      `Good news: a place opened up for ${m.title} on ${m.date} at ${m.time}, and ${party} moved up from the waiting list. You are now signed up.`,
      'If you can no longer come, please cancel on the event page so the next household on the waiting list gets the place:',
      m.link,
      m.clubName,
    ],
    m.link,
  );
}

type OccurrencesRemovedMail = {
  to: string;
  firstName: string;
  title: string;
  /** The days removed that the member had signed up for: "Tuesday, July 20, 2027 at 7:00 PM". */
  moments: string[];
  /** The series as it now repeats: "the third Tuesday of each month except July and August"; '' when it no longer repeats. */
  rule: string;
  link: string;
  clubName: string;
};

/** A change of a series' repeat rule removed days a member had said they are coming to: their sign-up for those is gone. */
export function occurrencesRemovedMail(m: OccurrencesRemovedMail): MailMessage {
  const isOne = m.moments.length === 1;
  const removed = isOne
    ? `it no longer takes place on ${m.moments[0] ?? ''}, which you had signed up for. Your sign-up for that date is cancelled`
    : `it no longer takes place on these dates, which you had signed up for:\n${m.moments.map((d) => `- ${d}`).join('\n')}\nYour sign-ups for them are cancelled`;
  return linkMail(
    m.to,
    isOne ? `No longer on: ${m.title}, ${m.moments[0] ?? ''}` : `No longer on: ${m.title}, ${m.moments.length} dates`,
    [
      `Hello ${m.firstName},`,
      `The organiser changed the dates of ${m.title}, and ${removed}; you need do nothing.`,
      m.rule === '' ? 'It no longer repeats. The event:' : `It now repeats ${m.rule}. To sign up for another date, open the event and pick it in the calendar:`,
      m.link,
      m.clubName,
    ],
    m.link,
  );
}

type EventCancelledMail = {
  to: string;
  /** Everyone of the household at this address who had said they are coming: "John and Mary". */
  firstName: string;
  title: string;
  /** The cancelled days they had signed up for: "Tuesday, July 20, 2027 at 7:00 PM". */
  moments: string[];
  /** The calendar, where the club's other events are. */
  link: string;
  clubName: string;
};

/** An editor deleted an event (or the rest of a series) that members had said they are coming to. */
export function eventCancelledMail(m: EventCancelledMail): MailMessage {
  const isOne = m.moments.length === 1;
  return linkMail(
    m.to,
    isOne ? `Cancelled: ${m.title}, ${m.moments[0] ?? ''}` : `Cancelled: ${m.title}, ${m.moments.length} dates`,
    [
      `Hello ${m.firstName},`,
      isOne
        ? `${m.title} on ${m.moments[0] ?? ''}, which you had signed up for, has been cancelled by the organiser. Your sign-up is cancelled with it; you need do nothing.`
        : `${m.title} has been cancelled by the organiser on these dates, which you had signed up for:\n${m.moments.map((d) => `- ${d}`).join('\n')}\nYour sign-ups are cancelled with them; you need do nothing.`,
      "The club's calendar of events:",
      m.link,
      m.clubName,
    ],
    m.link,
  );
}

type EventChangedMail = {
  to: string;
  firstName: string;
  title: string;
  date: string;
  time: string;
  /** "Saturday, June 20, 2026 at 4:00 PM". */
  ends: string;
  /** The place's lines that are filled in. */
  where: string[];
  link: string;
  clubName: string;
};

/** An event someone signed up for moved (date, time or place): the new details. */
export function eventChangedMail(m: EventChangedMail): MailMessage {
  return linkMail(
    m.to,
    `Changed: ${m.title}, now ${m.date} at ${m.time}`,
    [
      `Hello ${m.firstName},`,
      `The organiser changed the date, time or place of ${m.title}, which you signed up for. The new details:`,
      [`Date: ${m.date}`, `Time: ${m.time} (until ${m.ends})`, ...(m.where.length > 0 ? [`Where: ${m.where.join(', ')}`] : [])].join('\n'),
      'If you can no longer come, please change your answer on the event page:',
      m.link,
      m.clubName,
    ],
    m.link,
  );
}

type ListingReplyMail = {
  to: string;
  sellerFirstName: string;
  title: string;
  senderName: string;
  senderEmail: string;
  isMember: boolean;
  message: string;
  link: string;
  clubName: string;
};

/**
 * A reply to a classified listing, to its seller, with the sender as Reply-To: the seller answers
 * from their own mail program, and neither address is ever shown on the site.
 */
export function listingReplyMail({ to, sellerFirstName, title, senderName, senderEmail, isMember, message, link, clubName }: ListingReplyMail): MailMessage {
  return {
    to,
    replyTo: `"${senderName.replace(/["\\]/g, '')}" <${senderEmail}>`,
    subject: `Classifieds: ${title}: a message from ${senderName}`,
    text: [
      `Hello ${sellerFirstName},`,
      '',
      `${senderName} <${senderEmail}>${isMember ? ', a club member,' : ' (a visitor to the website)'} wrote about your listing "${title}" (${link}):`,
      '',
      message,
      '',
      '--',
      `Reply to this e-mail to answer them directly. Your address was not shown to them; they see it once you reply.`,
      clubName,
    ].join('\n'),
  };
}

type ListingRenewalMail = {
  to: string;
  firstName: string;
  title: string;
  expires: string;
  renewLink: string;
  listingLink: string;
  days: number;
  clubName: string;
};

/** "Still for sale?" a week before a listing expires, with the one-click renewal link. */
export function listingRenewalMail({ to, firstName, title, expires, renewLink, listingLink, days, clubName }: ListingRenewalMail): MailMessage {
  return linkMail(
    to,
    `Still for sale? Your listing "${title}" ends on ${expires}`,
    [
      `Hello ${firstName},`,
      `Your classified listing "${title}" ends on ${expires}. Is it still available? To keep it up for another ${days} days, open this link and press Renew (no login needed):`,
      renewLink,
      `If it has sold, log in and mark it sold on its page, so nobody asks about it any more: ${listingLink}`,
      `If you do nothing, it comes off the list on ${expires}; you can renew it later from its page.`,
      clubName,
    ],
    renewLink,
  );
}
