import { Link } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';
import { PATHS } from '../lib/paths.ts';
import { IdeaBox } from '../features/history/idea-box.tsx';
import { NewsletterCover } from '../features/newsletters/newsletter-cover.tsx';
import './membership-page.css';

/** Served from apps/web/public/documents; written by apps/api/scripts/make-club-pdfs.ts (`pnpm club-pdfs`). */
const APPLICATION_PDF = '/documents/membership-application.pdf';

/** The club's social group; the webmaster replaces this address with the real group's. */
const SOCIAL_GROUP_URL = 'https://social.example.com/groups/gateway-region-model-a';

export function MembershipPage() {
  return (
    <PageFrame
      title="Membership"
      width="wide"
      lede="The club has between 120 and 150 members, from first-time owners to people on their third restoration, and new members are always welcome. You do not need to own a Model A to join."
    >
      <div className="membership">
        <div className="membership__main">
          <h2>How to join</h2>
          <ol className="membership__steps">
            <li>
              <strong>Come to a meeting.</strong> We meet on the first Tuesday of each month except January, at 7:00 p.m. in Kirkwood; see{' '}
              <Link to={PATHS.meetings}>Monthly Meetings</Link> for the address. Guests are always welcome, and it is the easiest way to meet us.
            </li>
            <li>
              <strong>Fill in the application.</strong> Print the{' '}
              <a href={APPLICATION_PDF} type="application/pdf">
                membership application (PDF, 1 page)
              </a>
              , or pick one up at a meeting.
            </li>
            <li>
              <strong>Pay your regional dues.</strong> Hand the form and a check to the membership chair at a meeting, or mail them to the address printed in
              Valley News.
            </li>
            <li>
              <strong>Join the national club too.</strong> Every member also belongs to the national Model A restorers&rsquo; club, whose magazine and judging
              standards we all rely on. Its address is on our <Link to={PATHS.links}>Links</Link> page.
            </li>
          </ol>

          <h2>Dues</h2>
          <dl className="facts">
            <div className="facts__row">
              <dt>Regional dues</dt>
              <dd>$30 per year</dd>
            </div>
            <div className="facts__row">
              <dt>National dues</dt>
              <dd>$50 per calendar year, paid to the national club</dd>
            </div>
          </dl>
          <p>
            One membership covers a couple at one address and their children. Regional dues are due each year on the anniversary of joining; national dues run
            from January to December.
          </p>

          <h2>What members enjoy</h2>
          <ul className="membership__benefits">
            <li>Valley News, our monthly newsletter, with tour plans, tech tips and members&rsquo; stories.</li>
            <li>Tours on Missouri and Illinois back roads, from an afternoon ice-cream run to a weekend away.</li>
            <li>Help in the garage: start-up parties, tech sessions and members who have done it before.</li>
            <li>The members-only events calendar, member list and forum on this website.</li>
          </ul>

          <h2>Stay in touch</h2>
          <p>
            Members and friends share photos, parts wanted and road reports in our{' '}
            <a href={SOCIAL_GROUP_URL} target="_blank" rel="noopener noreferrer">
              online social group
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            . Questions about membership? <Link to={PATHS.contact}>Send us a message</Link>.
          </p>
        </div>

        <aside className="membership__aside" aria-label="Valley News">
          <NewsletterCover />
          <p className="membership__apply">
            <a className="button button--primary" href={APPLICATION_PDF} type="application/pdf">
              Application form (PDF)
            </a>
          </p>
        </aside>
      </div>
      <IdeaBox />
    </PageFrame>
  );
}
