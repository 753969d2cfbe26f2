import { Link } from 'react-router';
import { getClubName, usePageTitle } from '../app/page-title.ts';
import { PATHS, blogPath } from '../app/paths.ts';
import './home-page.css';

const PROMOS = [
  {
    title: 'Membership',
    text: 'Regional dues are $30 a year. Learn how to join and what members enjoy.',
    to: PATHS.membership,
    action: 'Join the club',
  },
  {
    title: 'Events',
    text: 'Tours, meetings and gatherings: see what is coming up and what we have done.',
    to: PATHS.eventList,
    action: 'See events',
  },
  {
    title: 'Photos',
    text: 'Pictures and stories from our drives, shows and restoration work.',
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
            Members who restore, drive and enjoy vintage cars. We meet on the first Tuesday of each month except
            January, at 7:00 p.m.
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
      </section>

      <section className="promos" aria-label="Explore the club">
        {PROMOS.map((promo) => (
          <article key={promo.title} className="promo">
            <h2 className="promo__title">{promo.title}</h2>
            <p className="promo__text">{promo.text}</p>
            <Link className="promo__link" to={promo.to}>
              {promo.action}
              <span aria-hidden="true">→</span>
            </Link>
          </article>
        ))}
      </section>

      <figure className="quote">
        <blockquote className="quote__text">
          <p>Any customer can have a car painted any color that he wants so long as it is black.</p>
        </blockquote>
        <figcaption className="quote__source">Henry Ford, My Life and Work (1922)</figcaption>
      </figure>
    </div>
  );
}
