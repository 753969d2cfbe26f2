import { Link } from 'react-router';
import { PATHS } from '../../lib/paths.ts';
import { pickLatestNewsletter } from './latest-newsletter.ts';
import './newsletter-cover.css';
import { useNewsletters } from './api/newsletters.ts';

/**
 * The latest Valley News: its cover (drawn from the PDF's first page at upload), otherwise a
 * printed-style masthead. With no newsletter (or no answer) the masthead still invites to the archive.
 */
export function NewsletterCover() {
  // The masthead is a fine answer on its own, so a failure is not worth a wait.
  const query = useNewsletters({ retry: false });
  const latest = pickLatestNewsletter(query.data?.v);

  return (
    <figure className="newsletter-cover">
      <Link to={PATHS.valleyNews} className="newsletter-cover__link">
        {latest !== undefined && latest.coverUrl !== '' ? (
          <img className="newsletter-cover__image" src={latest.coverUrl} alt={`Cover of ${latest.title}`} />
        ) : (
          <span className="newsletter-cover__masthead">
            <span className="newsletter-cover__kicker">The monthly newsletter</span>
            <span className="newsletter-cover__title">Valley News</span>
            <span className="newsletter-cover__edition">{query.isPending ? 'Latest edition' : latest ? latest.label : 'Read the archive'}</span>
          </span>
        )}
        <span className="visually-hidden">: open Valley News</span>
      </Link>
      <figcaption className="newsletter-cover__caption">
        {latest ? `Latest edition: ${latest.title}.` : 'Every member receives Valley News.'} <Link to={PATHS.valleyNews}>See all editions</Link> (members log in
        to read).
      </figcaption>
    </figure>
  );
}
