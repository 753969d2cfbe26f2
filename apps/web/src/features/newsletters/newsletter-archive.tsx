import type { Newsletter } from '@club/contracts';
import { Link } from 'react-router';
import { newsletterPath } from '../../lib/paths.ts';
import { groupByYear } from './archive-rules.ts';
import './newsletters.css';

/** A cover, or a printed-style stand-in when no cover could be made. */
function Cover({ edition, isLarge }: { edition: Newsletter; isLarge?: boolean }) {
  const className = isLarge ? 'newsletter-cover-image newsletter-cover-image--large' : 'newsletter-cover-image';
  if (edition.coverUrl === '') {
    return (
      <span className={`${className} newsletter-cover-image--blank`} aria-hidden="true">
        <span className="newsletter-cover-image__masthead">Valley News</span>
        <span>{edition.label}</span>
      </span>
    );
  }
  // The link's text names the edition, so the large cover alone carries a description.
  return <img className={className} src={edition.coverUrl} alt={isLarge ? `Cover of ${edition.title}` : ''} loading={isLarge ? 'eager' : 'lazy'} />;
}

/**
 * For editors: an edition the site search finds by its name only, because it has no text (a
 * scan: "no text") or its text could not be read.
 */
function TextFlag({ edition }: { edition: Newsletter }) {
  if (edition.textStatus !== 'none' && edition.textStatus !== 'failed') return null;
  return (
    <span className="newsletter-text-flag" title="The site search finds this edition by its name only">
      {edition.textStatus === 'none' ? 'No text' : 'Text not read'}
    </span>
  );
}

/**
 * The latest edition large with its cover, then every earlier one grouped by year, newest first;
 * editors also see which editions the search cannot look inside.
 */
export function NewsletterArchive({ editions, showsTextStatus = false }: { editions: Newsletter[]; showsTextStatus?: boolean }) {
  const [latest, ...past] = editions;
  if (latest === undefined) return <p>No newsletters have been added yet.</p>;
  return (
    <>
      <section className="newsletter-latest" aria-labelledby="newsletter-latest-heading">
        <h2 id="newsletter-latest-heading">Latest edition</h2>
        <Link className="newsletter-latest__link" to={newsletterPath(latest.fileName)}>
          <Cover edition={latest} isLarge />
          <span className="newsletter-latest__title">{latest.title}</span>
          {showsTextStatus && <TextFlag edition={latest} />}
          <span className="newsletter-latest__action">Read this edition</span>
        </Link>
      </section>
      {past.length > 0 && (
        <section aria-labelledby="newsletter-past-heading">
          <h2 id="newsletter-past-heading">Past editions</h2>
          {groupByYear(past).map(({ year, editions: ofYear }) => (
            <section key={year} className="newsletter-year" aria-labelledby={`newsletter-year-${year}`}>
              <h3 id={`newsletter-year-${year}`}>{year}</h3>
              <ul className="newsletter-grid">
                {ofYear.map((edition) => (
                  <li key={edition.id} className="newsletter-grid__item">
                    <Link className="newsletter-card" to={newsletterPath(edition.fileName)}>
                      <Cover edition={edition} />
                      <span className="newsletter-card__label">{edition.label}</span>
                      {showsTextStatus && <TextFlag edition={edition} />}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </section>
      )}
    </>
  );
}
