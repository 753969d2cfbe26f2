import { presidencyYearsOf } from '@club/contracts/plain';
import { Link } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';
import { getClubName } from '../lib/page-title.ts';
import { PATHS } from '../lib/paths.ts';
import { IdeaBox } from '../features/history/idea-box.tsx';
import './article.css';

const MILESTONES: [year: string, text: string][] = [
  ['1963', 'Nine Model A’s meet at a Kirkwood filling station; the constitution is adopted in November.'],
  ['1963', 'The first Valley News, two mimeographed pages, goes out in September.'],
  ['1966', 'First overnight tour, down Route 66 to Cuba and Rolla and back by the Meramec.'],
  ['1971', 'Meetings move to the Fellowship Hall of Meadowbrook Community Church.'],
  [presidencyYearsOf('Mildred Oakes'), 'Mildred Oakes becomes the club’s first woman president.'],
  ['1979', 'No more January meetings, after two in a row were snowed out.'],
  ['1988', 'The club hosts its first regional meet: 114 cars on the Kirkwood square.'],
  ['2003', 'A second regional meet, for the Model A’s 75th anniversary.'],
  ['Today', 'Between 120 and 150 members, monthly meetings, tours from spring to fall.'],
];

export function HistoryPage() {
  const clubName = getClubName();
  return (
    <PageFrame title="Club History" heading="Our History" lede="Sixty years of keeping Henry Ford’s second great car on the roads around St. Louis.">
      <section className="article__section" aria-labelledby="history-beginnings">
        <h2 id="history-beginnings">A filling station on Manchester Road</h2>
        <p className="article__dateline">Kirkwood, Missouri, May 1963</p>
        <p>
          On the first Tuesday of May 1963, nine Model A Fords pulled onto the apron of Vernon Castellano&rsquo;s filling station on Manchester Road. Their
          owners had been meeting by accident for years, at swap meets, at the parts counter and on the shoulder of Highway 66 with the hood up. Lyle Obermeyer,
          who had driven his 1929 Tudor up from Webster Groves, proposed that they meet on purpose instead. By the end of the evening there was a name on a
          sheet of notepaper, a treasury of eleven dollars, and a promise to come back on the first Tuesday of June.
        </p>
        <p>
          That autumn the group was chartered as a regional chapter of the national Model A restorers&rsquo; club, and on November 5, 1963 the members adopted
          the constitution that, with a few amendments, still governs the {clubName} today. Lyle Obermeyer was elected the first president. You can read the
          current text on the <Link to={PATHS.clubDocuments}>Club Documents</Link> page.
        </p>
      </section>

      <section className="article__section" aria-labelledby="history-valley-news">
        <h2 id="history-valley-news">Valley News</h2>
        <p>
          Mildred Oakes typed the first newsletter on her kitchen table in September 1963: two mimeographed pages with the minutes, a tour announcement and a
          parts-wanted column. She called it Valley News, after the Meramec River valley where the members liked to drive. It has come out almost every month
          since, through typewriters, photocopiers and now e-mail, and members still turn to the parts-wanted column first.
        </p>
        <figure className="article__pull">
          <blockquote>
            <p>&ldquo;If it rattles, tighten it. If it squeaks, oil it. If it does neither, go for a drive.&rdquo;</p>
          </blockquote>
          <figcaption>Valley News, April 1964</figcaption>
        </figure>
      </section>

      <section className="article__section" aria-labelledby="history-growing">
        <h2 id="history-growing">Growing up</h2>
        <p>
          By 1971 the membership had outgrown the service bay, and the club moved its meetings to the Fellowship Hall of Meadowbrook Community Church on North
          Clay Avenue in Kirkwood, where we have met ever since. In {presidencyYearsOf('Mildred Oakes')} the members elected Mildred Oakes as the club&rsquo;s
          first woman president. After two January meetings in a row were lost to snow and ice, the club voted in 1979 to take January off for good, and the
          meeting on the first Tuesday of February became the year&rsquo;s first.
        </p>
        <p>
          Tours have always been the heart of the club: down old Route 66 to Cuba and Rolla, through the wine country around Hermann, out to the Meramec
          caverns, and across the river to the Illinois bluffs. In 1988 and again in 2003, for the Model A&rsquo;s seventy-fifth anniversary, the club hosted
          regional meets that filled downtown Kirkwood with cars.
        </p>
      </section>

      <section className="article__section" aria-labelledby="history-traditions">
        <h2 id="history-traditions">Traditions</h2>
        <p>
          Every December at the holiday banquet the club presents <Link to={PATHS.shaftAward}>the Shaft Award</Link>, a broken axle shaft mounted on a plaque,
          to the member whose misfortune on the road or in the garage, borne with good humor, most amused everyone else that year. Each spring and fall, members
          gather in someone&rsquo;s garage for a <Link to={PATHS.startUpParties}>start-up party</Link> to bring a long-idle Model A back to life, usually with
          new points, a cleaned carburetor, and a great deal of advice.
        </p>
        <p>
          Today the club has between 120 and 150 members, from Kirkwood to St. Charles and across the river in Illinois. Some have owned their cars for fifty
          years; some are still looking for their first. The <Link to={PATHS.founders}>founders</Link> would recognize the meetings, the coffee and the
          arguments about the correct shade of Brewster Green.
        </p>
      </section>

      <section aria-labelledby="history-milestones">
        <h2 id="history-milestones">Milestones</h2>
        <ol className="article__timeline">
          {MILESTONES.map(([year, text]) => (
            <li key={`${year}-${text}`}>
              <span className="article__year">{year}</span>
              <span>{text}</span>
            </li>
          ))}
        </ol>
        <p>
          See also the list of <Link to={PATHS.presidents}>past club presidents</Link>.
        </p>
      </section>
      <IdeaBox />
    </PageFrame>
  );
}
