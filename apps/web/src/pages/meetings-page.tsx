import { asSentence, describeSchedule, meetingCityLine, type MeetingPlace } from '@club/contracts/plain';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';
import { QueryState } from '../components/query-state.tsx';
import { PATHS } from '../lib/paths.ts';
import { useSession } from '../session/index.ts';
import { IdeaBox } from '../features/history/idea-box.tsx';
import { useMeeting } from '../features/meetings/api/meeting.ts';
import { MeetingEditor } from '../features/meetings/meeting-editor.tsx';
import { hasDrawnMap, mapUrlOf } from '../features/meetings/meeting-place.ts';
import { NextMeetingNotice } from '../features/meetings/next-meeting-notice.tsx';
import './meetings-page.css';

function MeetingPlaceDetails({ meeting }: { meeting: MeetingPlace }) {
  const mapUrl = mapUrlOf(meeting);
  const schedule = describeSchedule(meeting);
  return (
    <div className="meetings">
      <div className="meetings__main">
        <NextMeetingNotice schedule={meeting} />
        <p className="meetings__schedule">We meet on {asSentence(schedule)} Guests are always welcome.</p>

        <h2>Where we meet</h2>
        <address className="meetings__address">
          <strong>{meeting.name}</strong>
          {meeting.room !== '' && (
            <>
              <br />
              {meeting.room}
            </>
          )}
          <br />
          {meeting.street}
          <br />
          {meetingCityLine(meeting)}
        </address>
        {meeting.directions !== '' && <p>{meeting.directions}</p>}
        <p>
          <a className="button button--primary" href={mapUrl} target="_blank" rel="noreferrer">
            Open the map in Google Maps
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>

        <h2>What happens at a meeting</h2>
        <p>
          The business part is short: the treasurer&rsquo;s report, plans for upcoming tours, and news from the national club. Then comes the program, which
          might be a talk on rebuilding a water pump, slides from a member&rsquo;s trip, or a visiting speaker from one of the parts suppliers. We finish with
          coffee, cookies and a lot of car talk. On warm evenings members often drive their Model A&rsquo;s, so come a little early and look them over.
        </p>
        <p>
          If a meeting has to move for a holiday or bad weather, it is announced in Valley News and by e-mail. See the <Link to={PATHS.eventList}>events</Link>{' '}
          page for tours and other gatherings.
        </p>
      </div>

      {hasDrawnMap(meeting) && (
        <figure className="meetings__map">
          <a href={mapUrl} target="_blank" rel="noreferrer">
            <img
              src="/images/meeting-map.svg"
              width={640}
              height={420}
              alt={`Street map of central Kirkwood: ${meeting.name} stands on the east side of North Clay Avenue between Argonne Drive and Adams Avenue, one block west of Kirkwood Road, with parking behind it. Opens Google Maps in a new tab.`}
            />
          </a>
          <figcaption>{meeting.street}, one block west of Kirkwood Road (Lindbergh) and a short walk from Kirkwood Station. Map not to scale.</figcaption>
        </figure>
      )}
    </div>
  );
}

export function MeetingsPage() {
  const { can } = useSession();
  const isAdmin = can('admin');
  const meeting = useMeeting();
  const [isEditing, setIsEditing] = useState(false);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const wasEditingRef = useRef(false);
  useEffect(() => {
    // Leaving the editor puts focus back on the button that opened it.
    if (wasEditingRef.current && !isEditing) editButtonRef.current?.focus();
    wasEditingRef.current = isEditing;
  }, [isEditing]);

  return (
    <PageFrame title="Monthly Meetings" width="wide" lede="Where and when the club meets. Guests are always welcome.">
      <QueryState query={meeting} what="the meeting place" loadingLabel="Loading the meeting place…">
        {({ m }) => (
          <>
            {isAdmin && isEditing && <MeetingEditor meeting={m} onDone={() => setIsEditing(false)} />}
            {isAdmin && !isEditing && (
              <p>
                <button ref={editButtonRef} type="button" className="button" onClick={() => setIsEditing(true)}>
                  Edit the meeting place and schedule
                </button>
              </p>
            )}
            <MeetingPlaceDetails meeting={m} />
          </>
        )}
      </QueryState>
      <IdeaBox />
    </PageFrame>
  );
}
