import type { MailMessage } from './mail.ts';
import { joinNames } from './households.ts';
import { escapeHtml } from '../lib/escape-html.ts';

/**
 * The weekly digest e-mail. Written for mail programs rather than browsers: layout in tables,
 * every style inline (Gmail and Outlook drop style sheets), no external CSS or fonts, every
 * picture with its width, height and alt text, one column that fits a phone (max 600 px), and a
 * plain-text part that says the same.
 */

/** A picture for the e-mail: an absolute URL and the size it is shown at. */
export type MailPicture = { src: string; width: number; height: number; alt: string };

type DigestMailEvent = {
  title: string;
  /** "Saturday, June 20, 2026" and "10:00 AM", in CLUB_TIMEZONE. */
  date: string;
  time: string;
  venue: string;
  people: number;
  isNew: boolean;
  link: string;
  /** Per reader: their one-click "I'm coming" link, or that they already said they come. */
  answers: { firstName: string; rsvpLink: string | null }[];
};

export type DigestMailContent = {
  events: DigestMailEvent[];
  newsletter: { title: string; link: string; cover: MailPicture | null } | null;
  photoPosts: { title: string; date: string; link: string; photo: MailPicture | null }[];
  /** New photo posts beyond those shown, and where they are. */
  morePhotoPosts: { count: number; link: string };
  threads: { title: string; link: string; note: string }[];
  /** Active threads beyond those shown, and where they are. */
  moreThreads: { count: number; link: string };
  classifieds: { title: string; price: string; link: string; photo: MailPicture | null }[];
  /** New listings beyond those shown, and where they are. */
  moreClassifieds: { count: number; link: string };
};

export type DigestMail = {
  to: string;
  /** The members this address stands for (one, or a household sharing the address). */
  firstNames: string[];
  /** "November 30, 2026": the Monday of the digest's week. */
  weekOf: string;
  content: DigestMailContent;
  /** The signed one-click link that turns the digest (only) off, and its RFC 8058 POST address. */
  unsubscribeLink: string;
  unsubscribePost: string;
  accountLink: string;
  eventsLink: string;
  clubName: string;
};

const COLORS = { ink: '#1f1d1a', muted: '#5c574f', accent: '#7a2e1d', line: '#d9d2c3', page: '#f4f1ea', card: '#ffffff' };
const FONT = "font-family:Georgia,'Times New Roman',serif";
const SANS = 'font-family:Arial,Helvetica,sans-serif';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "Hello Mary," or, for a household, "Hello John and Mary,". */
const greetingOf = (firstNames: string[]): string => {
  const names = firstNames.map((name) => name.trim()).filter(Boolean);
  return names.length === 0 ? 'Hello,' : `Hello ${joinNames(names)},`;
};

/** What a week's digest has in it, for its subject line: "2 new photo posts, new Valley News". */
function digestSubject(clubName: string, content: DigestMailContent): string {
  const parts = [
    content.newsletter ? 'new Valley News' : '',
    content.events.some((e) => e.isNew) ? plural(content.events.filter((e) => e.isNew).length, 'new event') : '',
    content.photoPosts.length > 0 ? plural(content.photoPosts.length + content.morePhotoPosts.count, 'new photo post') : '',
    content.threads.length > 0 ? plural(content.threads.length + content.moreThreads.count, 'forum thread') : '',
    content.classifieds.length > 0 ? plural(content.classifieds.length + content.moreClassifieds.count, 'new classified') : '',
  ].filter(Boolean);
  return `${clubName} this week: ${parts.join(', ') || 'what is coming up'}`;
}

const img = (p: MailPicture, style = '') =>
  `<img src="${escapeHtml(p.src)}" width="${p.width}" height="${p.height}" alt="${escapeHtml(p.alt)}" style="display:block;border:0;outline:none;text-decoration:none;${style}">`;

const heading = (title: string) =>
  `<tr><td style="padding:24px 20px 8px 20px;${FONT};font-size:20px;line-height:26px;color:${COLORS.accent};font-weight:bold;border-top:1px solid ${COLORS.line}">${escapeHtml(title)}</td></tr>`;

const link = (href: string, label: string, style = '') =>
  `<a href="${escapeHtml(href)}" style="color:${COLORS.accent};text-decoration:underline;${style}">${escapeHtml(label)}</a>`;

/** A button that Outlook draws too: a link inside a coloured table cell. */
const button = (href: string, label: string) =>
  `<table role="presentation" cellspacing="0" cellpadding="0" border="0" style="margin:8px 8px 0 0;display:inline-table"><tr><td bgcolor="${COLORS.accent}" style="border-radius:4px;background:${COLORS.accent}"><a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 16px;${SANS};font-size:15px;line-height:18px;color:#ffffff;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></td></tr></table>`;

const answerLabel = (answer: { firstName: string }, isHousehold: boolean) => (isHousehold ? `${answer.firstName}: I'm coming` : "I'm coming");

function eventsHtml(events: DigestMailEvent[], isHousehold: boolean, eventsLink: string): string {
  if (events.length === 0) {
    return `<tr><td style="padding:4px 20px 8px 20px;${SANS};font-size:15px;line-height:22px;color:${COLORS.muted}">Nothing on the calendar for the next three weeks. ${link(eventsLink, 'See the calendar')}</td></tr>`;
  }
  return events
    .map((event) => {
      const coming = event.people === 0 ? 'Nobody has signed up yet' : `${plural(event.people, 'person', 'people')} coming`;
      const answers = event.answers
        .map((answer) =>
          answer.rsvpLink === null
            ? `<p style="margin:8px 0 0 0;${SANS};font-size:14px;line-height:20px;color:${COLORS.ink}">&#10003; ${escapeHtml(isHousehold ? `${answer.firstName} is coming` : 'You are coming')}</p>`
            : button(answer.rsvpLink, answerLabel(answer, isHousehold)),
        )
        .join('');
      return `<tr><td style="padding:10px 20px 14px 20px">
<p style="margin:0;${FONT};font-size:18px;line-height:24px;color:${COLORS.ink}">${link(event.link, event.title, `color:${COLORS.ink}`)}${event.isNew ? ` <span style="${SANS};font-size:12px;line-height:16px;color:#ffffff;background:${COLORS.muted};padding:1px 6px;border-radius:3px">NEW</span>` : ''}</p>
<p style="margin:4px 0 0 0;${SANS};font-size:14px;line-height:20px;color:${COLORS.muted}">${escapeHtml(`${event.date} at ${event.time}`)}${event.venue ? `<br>${escapeHtml(event.venue)}` : ''}<br>${escapeHtml(coming)}</p>
${answers}
</td></tr>`;
    })
    .join('\n');
}

function picturesRow(items: { title: string; sub: string; link: string; photo: MailPicture | null }[]): string {
  return items
    .map(
      (item) => `<tr><td style="padding:10px 20px 14px 20px">
${item.photo ? `<a href="${escapeHtml(item.link)}" style="text-decoration:none">${img(item.photo, 'width:100%;max-width:560px;height:auto;margin:0 0 8px 0')}</a>` : ''}
<p style="margin:0;${FONT};font-size:18px;line-height:24px">${link(item.link, item.title, `color:${COLORS.ink}`)}</p>
${item.sub ? `<p style="margin:2px 0 0 0;${SANS};font-size:14px;line-height:20px;color:${COLORS.muted}">${escapeHtml(item.sub)}</p>` : ''}
</td></tr>`,
    )
    .join('\n');
}

/** "…and 3 more photo posts: <link>" when a list was cut short. */
const moreText = (more: { count: number; link: string }, what: string): string[] =>
  more.count === 0 ? [] : [`... and ${plural(more.count, `more ${what}`)}: ${more.link}`, ''];

const moreHtml = (more: { count: number; link: string }, what: string, where: string): string =>
  more.count === 0
    ? ''
    : `<tr><td style="padding:4px 20px 12px 20px;${SANS};font-size:15px;line-height:22px;color:${COLORS.ink}">${link(more.link, `and ${plural(more.count, `more ${what}`)} ${where}`)}</td></tr>`;

export function digestMail(m: DigestMail): MailMessage {
  const { content } = m;
  const isHousehold = m.firstNames.length > 1;
  const subject = digestSubject(m.clubName, content);
  const greeting = greetingOf(m.firstNames);
  const why = `You get this weekly digest because it is on in your account at ${m.clubName}.`;

  const text = [
    greeting,
    '',
    `Here is what is new at ${m.clubName}, week of ${m.weekOf}.`,
    '',
    'COMING UP (NEXT THREE WEEKS)',
    ...(content.events.length === 0 ? ['Nothing on the calendar for the next three weeks.', ''] : []),
    ...content.events.flatMap((event) => [
      `${event.isNew ? '[NEW] ' : ''}${event.title}`,
      `${event.date} at ${event.time}${event.venue ? `, ${event.venue}` : ''}`,
      event.people === 0 ? 'Nobody has signed up yet' : `${plural(event.people, 'person', 'people')} coming`,
      event.link,
      ...event.answers.map((answer) =>
        answer.rsvpLink === null
          ? isHousehold
            ? `${answer.firstName} is coming.`
            : 'You are coming.'
          : `${answerLabel(answer, isHousehold)} (one click): ${answer.rsvpLink}`,
      ),
      '',
    ]),
    ...(content.newsletter ? ['VALLEY NEWS', content.newsletter.title, content.newsletter.link, ''] : []),
    ...(content.photoPosts.length > 0
      ? ['NEW PHOTOS', ...content.photoPosts.flatMap((post) => [post.title, post.link, '']), ...moreText(content.morePhotoPosts, 'photo post')]
      : []),
    ...(content.threads.length > 0
      ? [
          'ON THE FORUM',
          ...content.threads.flatMap((thread) => [`${thread.title} (${thread.note})`, thread.link, '']),
          ...moreText(content.moreThreads, 'thread'),
        ]
      : []),
    ...(content.classifieds.length > 0
      ? [
          'NEW CLASSIFIEDS',
          ...content.classifieds.flatMap((ad) => [`${ad.title}${ad.price ? `, ${ad.price}` : ''}`, ad.link, '']),
          ...moreText(content.moreClassifieds, 'listing'),
        ]
      : []),
    '--',
    why,
    `To stop the weekly digest with one click (event reminders stay as they are): ${m.unsubscribeLink}`,
    `Your e-mail settings: ${m.accountLink}`,
    '',
  ].join('\n');

  const sections = [
    heading('Coming up in the next three weeks'),
    eventsHtml(content.events, isHousehold, m.eventsLink),
    ...(content.newsletter
      ? [
          heading('Valley News'),
          `<tr><td style="padding:10px 20px 14px 20px"><table role="presentation" cellspacing="0" cellpadding="0" border="0"><tr>${
            content.newsletter.cover
              ? `<td valign="top" style="padding:0 16px 0 0"><a href="${escapeHtml(content.newsletter.link)}">${img(content.newsletter.cover, `border:1px solid ${COLORS.line}`)}</a></td>`
              : ''
          }<td valign="top" style="${SANS};font-size:15px;line-height:22px;color:${COLORS.ink}"><p style="margin:0 0 8px 0;${FONT};font-size:18px;line-height:24px">${escapeHtml(content.newsletter.title)}</p>${button(content.newsletter.link, 'Read it')}</td></tr></table></td></tr>`,
        ]
      : []),
    ...(content.photoPosts.length > 0
      ? [
          heading('New photos'),
          picturesRow(content.photoPosts.map((post) => ({ title: post.title, sub: post.date, link: post.link, photo: post.photo }))),
          moreHtml(content.morePhotoPosts, 'photo post', 'on the Photos page'),
        ]
      : []),
    ...(content.threads.length > 0
      ? [
          heading('On the forum'),
          ...content.threads.map(
            (thread) =>
              `<tr><td style="padding:6px 20px 6px 20px;${SANS};font-size:15px;line-height:22px;color:${COLORS.ink}">${link(thread.link, thread.title)} <span style="color:${COLORS.muted}">(${escapeHtml(thread.note)})</span></td></tr>`,
          ),
          moreHtml(content.moreThreads, 'thread', 'on the forum'),
        ]
      : []),
    ...(content.classifieds.length > 0
      ? [
          heading('New classifieds'),
          picturesRow(content.classifieds.map((ad) => ({ title: ad.title, sub: ad.price, link: ad.link, photo: ad.photo }))),
          moreHtml(content.moreClassifieds, 'listing', 'in the classifieds'),
        ]
      : []),
  ];

  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:${COLORS.page};-webkit-text-size-adjust:100%">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" bgcolor="${COLORS.page}" style="background:${COLORS.page}">
<tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="600" cellspacing="0" cellpadding="0" border="0" bgcolor="${COLORS.card}" style="width:100%;max-width:600px;background:${COLORS.card};border:1px solid ${COLORS.line}">
<tr><td style="padding:20px 20px 4px 20px;${FONT};font-size:24px;line-height:30px;color:${COLORS.ink};font-weight:bold">${escapeHtml(m.clubName)}</td></tr>
<tr><td style="padding:0 20px 12px 20px;${SANS};font-size:14px;line-height:20px;color:${COLORS.muted}">Weekly digest, week of ${escapeHtml(m.weekOf)}</td></tr>
<tr><td style="padding:4px 20px 12px 20px;${SANS};font-size:16px;line-height:24px;color:${COLORS.ink}">${escapeHtml(greeting)}<br>here is what is new at the club this week.</td></tr>
${sections.join('\n')}
<tr><td style="padding:20px;${SANS};font-size:13px;line-height:19px;color:${COLORS.muted};border-top:1px solid ${COLORS.line}">${escapeHtml(why)} ${link(m.unsubscribeLink, 'Stop the weekly digest', `color:${COLORS.muted}`)} (one click, no login; event reminders stay as they are) or change your ${link(m.accountLink, 'e-mail settings', `color:${COLORS.muted}`)}.</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;

  return {
    to: m.to,
    subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${m.unsubscribePost}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
