import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { errorMessageOf, isApiError } from '../../api/api-error.ts';
import { PATHS } from '../../lib/paths.ts';
import { Loading } from '../../components/loading.tsx';
import { LINK_FRESH_MS, useNewsletterLink } from './api/newsletters.ts';
import './newsletters.css';

/**
 * One edition in a frame, at `page` when given, with a download link. A frame cannot send the session token, so a
 * member's call fetches a short-lived signed link to the file first.
 */
export function NewsletterViewer({ fileName, page = 1 }: { fileName: string; page?: number }) {
  const link = useNewsletterLink(fileName);

  if (link.error) {
    if (isApiError(link.error) && (link.error.status === 404 || link.error.status === 400)) {
      return (
        <div className="notice" role="alert">
          <h2>Newsletter not found</h2>
          <p>
            There is no newsletter called “{fileName}”. It may have been replaced or renamed. <Link to={PATHS.valleyNews}>See all editions of Valley News</Link>
            .
          </p>
        </div>
      );
    }
    return (
      <div className="notice notice--error" role="alert">
        <p>We could not open this newsletter: {errorMessageOf(link.error)}</p>
        <button type="button" className="button" onClick={() => void link.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (link.data === undefined) return <Loading label="Opening the newsletter…" />;
  const { u: url, d: downloadUrl, v: edition } = link.data;

  /** A link kept open for long may have expired: fetch a fresh one, then download. */
  async function download(event: MouseEvent<HTMLAnchorElement>) {
    if (Date.now() - link.dataUpdatedAt < LINK_FRESH_MS) return;
    event.preventDefault();
    const fresh = await link.refetch();
    if (fresh.data) window.location.assign(fresh.data.d);
  }

  return (
    <div className="newsletter-viewer">
      <p className="newsletter-viewer__actions">
        <a className="button button--primary" href={downloadUrl} download={edition.fileName} onClick={(event) => void download(event)}>
          Download {edition.kind === 'pdf' ? 'the PDF' : 'the picture'}
        </a>
        <Link to={PATHS.valleyNews} className="link-alone">
          All editions
        </Link>
      </p>
      <p className="newsletter-viewer__hint">Some phones cannot show a PDF inside a page; if it stays blank below, use Download.</p>
      {/* PDF viewers open at `#page=N` (the browsers' open parameters); a picture edition has one page. */}
      <iframe
        className="newsletter-viewer__frame"
        src={page > 1 && edition.kind === 'pdf' ? `${url}#page=${page}` : url}
        title={page > 1 ? `${edition.title}, page ${page}` : edition.title}
      />
    </div>
  );
}
