import { Link } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';
import { PATHS } from '../lib/paths.ts';
import { IdeaBox } from '../features/history/idea-box.tsx';
import { MEETING_MAP_URL, MEETING_PLACE } from '../features/meetings/meeting-place.ts';
import { NextMeetingNotice } from '../features/meetings/next-meeting-notice.tsx';
import './meetings-page.css';

export function MeetingsPage() {
  return (
    <PageFrame
      title="Monthly Meetings"
      width="wide"
      lede="We meet on the first Tuesday of each month except January, at 7:00 p.m., at a church in Kirkwood, Missouri. Guests are always welcome."
    >
      <div className="meetings">
        <div className="meetings__main">
          <NextMeetingNotice />

          <h2>Where we meet</h2>
          <address className="meetings__address">
            <strong>{MEETING_PLACE.name}</strong>
            <br />
            {MEETING_PLACE.room}
            <br />
            {MEETING_PLACE.street}
            <br />
            {MEETING_PLACE.city}, {MEETING_PLACE.state} {MEETING_PLACE.zip}
          </address>
          <p>
            Park in the lot behind the church and use the lower-level door under the green awning; the Fellowship
            Hall is straight ahead. The lot is lit and there is level access from it. On warm evenings members
            often drive their Model A&rsquo;s, so come a little early and look them over.
          </p>
          <p>
            <a className="button button--primary" href={MEETING_MAP_URL} target="_blank" rel="noreferrer">
              Open the map in Google Maps
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>

          <h2>What happens at a meeting</h2>
          <p>
            The business part is short: the treasurer&rsquo;s report, plans for upcoming tours, and news from the
            national club. Then comes the program, which might be a talk on rebuilding a water pump, slides from
            a member&rsquo;s trip, or a visiting speaker from one of the parts suppliers. We finish with coffee,
            cookies and a lot of car talk.
          </p>
          <p>
            There is no meeting in January, when the holidays and the weather keep most of our cars in the
            garage. If a meeting has to move for a holiday or bad weather, it is announced in Valley News and by
            e-mail. See the <Link to={PATHS.eventList}>events</Link> page for tours and other gatherings.
          </p>
        </div>

        <figure className="meetings__map">
          <a href={MEETING_MAP_URL} target="_blank" rel="noreferrer">
            <img
              src="/images/meeting-map.svg"
              width={640}
              height={420}
              alt={`Street map of central Kirkwood: ${MEETING_PLACE.name} stands on the east side of North Clay Avenue between Argonne Drive and Adams Avenue, one block west of Kirkwood Road, with parking behind it. Opens Google Maps in a new tab.`}
            />
          </a>
          <figcaption>
            {MEETING_PLACE.street}, one block west of Kirkwood Road (Lindbergh) and a short walk from Kirkwood
            Station. Map not to scale.
          </figcaption>
        </figure>
      </div>
      <IdeaBox />
    </PageFrame>
  );
}
