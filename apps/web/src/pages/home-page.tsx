import { Suspense, lazy } from 'react';
import { Link } from 'react-router';
import { getClubName, usePageTitle } from '../lib/page-title.ts';
import { PATHS, blogPath } from '../lib/paths.ts';
import './home-page.css';

/**
 * The Photos card's picture loads after the first paint, so a visitor's first page stays within
 * its budget (apps/web/e2e/budgets.e2e.test.ts).
 */
const LatestPhoto = lazy(async () => ({ default: (await import('../features/blog/latest-photo.tsx')).LatestPhoto }));

const PROMOS = [
  {
    title: 'Membership',
    text: 'Regional dues are $30 a year, and you do not need to own a car. Learn how to join and what members enjoy.',
    to: PATHS.membership,
    action: 'Join the club',
  },
  {
    title: 'Events',
    text: 'Back-road tours, ice-cream runs, car shows and the holiday banquet: see what is coming up and what we have done.',
    to: PATHS.eventList,
    action: 'See events',
  },
  {
    title: 'Photos',
    text: 'Pictures and stories from our drives, shows, start-up parties and restorations in members\u2019 garages.',
    to: blogPath(),
    action: 'View photos',
  },
] as const;

export function HomePage() {
  usePageTitle('Home');
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner">
          <p className="hero__eyebrow">Welcome to the</p>
          <h1 id="hero-title" className="hero__title">
            {getClubName()}
          </h1>
          <p className="hero__text">
            Around St. Louis since 1963, we restore, drive and enjoy the Ford Model A of 1928–1931. We meet every month, and guests are always welcome.
          </p>
          <p className="hero__actions">
            <Link className="button button--brass" to={PATHS.membership}>
              Become a member
            </Link>
            <Link className="button button--ghost" to={PATHS.meetings}>
              Monthly meetings
            </Link>
          </p>
        </div>
        <img
          className="hero__image"
          src="/images/hero-model-a.svg"
          width={800}
          height={450}
          alt="Illustration: a black 1930 Model A Tudor sedan on a country road at sunset, with the Gateway Arch on the horizon."
        />
      </section>

      <section className="promos" aria-label="Explore the club">
        {PROMOS.map((promo) => (
          <article key={promo.title} className="promo">
            {promo.title === 'Photos' && (
              <Suspense fallback={null}>
                <LatestPhoto className="promo__photo" />
              </Suspense>
            )}
            <h2 className="promo__title">{promo.title}</h2>
            <p className="promo__text">{promo.text}</p>
            <Link className="promo__link" to={promo.to}>
              {/* One box, so one underline runs from the words to the arrow. */}
              <span>
                {promo.action}&nbsp;<span aria-hidden="true">→</span>
              </span>
            </Link>
          </article>
        ))}
      </section>

      <figure className="quote">
        <blockquote className="quote__text">
          <p>A Model A isn&rsquo;t restored until somebody has driven it to ice cream on a summer evening.</p>
        </blockquote>
        <figcaption className="quote__source">Lyle Obermeyer, the club&rsquo;s first president, 1963</figcaption>
      </figure>
    </div>
  );
}
