import { presidencyYearsOf } from '@club/contracts/plain';
import { PageFrame } from '../components/page-frame.tsx';
import { IdeaBox } from '../features/history/idea-box.tsx';
import './article.css';

type Founder = { id: string; name: string; initials: string; role: string; paragraphs: string[] };

/** The three members who started the club in 1963. */
const FOUNDERS: Founder[] = [
  {
    id: 'lyle-obermeyer',
    name: 'Lyle Obermeyer',
    initials: 'LO',
    role: `First president, ${presidencyYearsOf('Lyle Obermeyer')}`,
    paragraphs: [
      'Lyle bought his 1929 Tudor sedan in 1958 for seventy-five dollars from a widow in Cuba, Missouri, who was glad to have it out of her shed. It had no battery, a cracked windshield and a family of wrens in the back seat. He towed it home behind a borrowed pickup and spent three winters in his garage in Webster Groves putting it right.',
      'A tool-and-die maker by trade, Lyle was the kind of man who could make a part when he could not find one, and he did, for half the cars in the club. It was his idea that the owners who kept running into each other at swap meets should meet on purpose, and he chaired that first evening at the filling station in May 1963.',
      'He served as the club’s first president for two years and led its tours for twenty more. His Tudor, still in the family, comes to the spring tour most years, driven by his granddaughter.',
    ],
  },
  {
    id: 'vernon-castellano',
    name: 'Vernon Castellano',
    initials: 'VC',
    role: `Host of the first meetings; president, ${presidencyYearsOf('Vernon Castellano')}`,
    paragraphs: [
      'Vernon ran a filling station on Manchester Road in Kirkwood from 1949 until he retired, and for the club’s first eight years its meetings were held in his service bay among the tire racks and the oil cans. Members remember the smell of coffee on the hot plate and Vernon wiping his hands on a red rag before he would shake yours.',
      'He had worked on Model A’s when they were simply used cars, and he knew them the way a country doctor knows his patients. Many a member drove in with a miss or a knock and drove away without one, and without a bill. His advice on tuning an updraft carburetor, printed in Valley News in 1966, is still reprinted every few years.',
      `Vernon served as president in ${presidencyYearsOf('Vernon Castellano')} and kept the club’s parts exchange in the back room of the station until it closed in 1981.`,
    ],
  },
  {
    id: 'mildred-oakes',
    name: 'Mildred Oakes',
    initials: 'MO',
    role: `Founding editor of Valley News; president, ${presidencyYearsOf('Mildred Oakes')}`,
    paragraphs: [
      'Mildred was a schoolteacher in Kirkwood and the owner of a 1931 Victoria she had learned to drive in as a girl. She came to the first meeting with her father and left it as the club’s secretary, a job she kept for eleven years.',
      'In September 1963 she typed and mimeographed the first Valley News on her kitchen table, naming it for the Meramec River valley where the members liked to drive. She edited it for fifteen years, and her firm rule that every issue must carry at least one photograph and one joke is observed to this day.',
      'In 1974 the members elected Mildred the club’s first woman president. She used the year to start the club’s first tours for members’ children, several of whom are members now.',
    ],
  },
];

export function FoundersPage() {
  return (
    <PageFrame title="Our Founders" lede="Three people, three Model A’s and a filling station in Kirkwood: the club began with them in 1963.">
      {FOUNDERS.map((founder) => (
        <article key={founder.id} className="article__section founder" aria-labelledby={founder.id}>
          <span className="founder__portrait" aria-hidden="true">
            {founder.initials}
          </span>
          <div>
            <h2 id={founder.id}>{founder.name}</h2>
            <p className="article__dateline">{founder.role}</p>
            {founder.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 40)}>{paragraph}</p>
            ))}
          </div>
        </article>
      ))}
      <IdeaBox />
    </PageFrame>
  );
}
