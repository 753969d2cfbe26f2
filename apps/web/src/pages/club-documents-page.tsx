import { Link } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';
import { PATHS } from '../lib/paths.ts';
import './club-documents-page.css';

/** Served from apps/web/public/documents; written by apps/api/scripts/make-club-pdfs.ts (`pnpm club-pdfs`). */
export const CONSTITUTION_PDF = '/documents/constitution-and-by-laws.pdf';

export function ClubDocumentsPage() {
  return (
    <PageFrame title="Club Documents" lede="The rules the club governs itself by, adopted by the members and amended by their vote.">
      <ul className="documents">
        <li className="documents__item">
          <span className="documents__icon" aria-hidden="true">
            PDF
          </span>
          <div>
            <h2 className="documents__title">
              <a href={CONSTITUTION_PDF} type="application/pdf">
                Constitution and By-Laws
              </a>
            </h2>
            <p className="documents__meta">PDF, 3 pages, about 12 KB. Last amended November 5, 2019.</p>
            <p className="documents__summary">
              The club&rsquo;s name and purpose, who may join, the officers and board, meetings and quorum, dues, elections, the duties of each officer,
              committees, Valley News, and the Shaft Award.
            </p>
          </div>
        </li>
      </ul>
      <p>
        Amendments to the constitution need a two-thirds vote at a general meeting, after being read at the meeting before and printed in Valley News. Changes
        to the by-laws need a simple majority. If you would like to propose a change, talk to any board member or write to us through the{' '}
        <Link to={PATHS.contact}>contact page</Link>.
      </p>
      <p>
        Looking for the membership application? It is on the <Link to={PATHS.membership}>Membership</Link> page.
      </p>
    </PageFrame>
  );
}
