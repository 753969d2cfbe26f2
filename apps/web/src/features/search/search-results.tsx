import { SEARCH_KIND_LABELS, SEARCH_PAGE_SIZE, type SearchKind } from '@club/contracts/plain';
import { Link } from 'react-router';
import type { CallResponse } from '../../api/client.ts';
import { countOf } from '../../lib/plural.ts';
import { searchPath } from '../../lib/paths.ts';
import { searchResultPath } from './result-path.ts';
import './search.css';

type Answer = CallResponse<'site.search'>;
type Group = Answer['groups'][number];
type Result = Group['results'][number];

/** Plain text and matched words, alternating: rendered as text, so no content can run markup. */
function Snippet({ parts }: { parts: string[] }) {
  if (parts.every((part) => part === '')) return null;
  return <p className="search-result__snippet">{parts.map((part, index) => (index % 2 === 1 ? <mark key={index}>{part}</mark> : part))}</p>;
}

function ResultItem({ kind, result }: { kind: SearchKind; result: Result }) {
  const link = searchResultPath(kind, result);
  const title = result.title || SEARCH_KIND_LABELS[kind];
  return (
    <li className="search-result">
      {link.isExternal ? (
        <a className="search-result__title" href={link.to} rel="noopener noreferrer">
          {title}
        </a>
      ) : (
        <Link className="search-result__title" to={link.to}>
          {title}
        </Link>
      )}
      <Snippet parts={result.snippet} />
    </li>
  );
}

const headingId = (kind: SearchKind) => `search-group-${kind}`;

/** Results grouped by kind, each group with its count; in the overview a few of each, with a link to all. */
export function SearchResults({
  answer,
  query,
  kind,
  page,
  onPage,
}: {
  answer: Answer;
  query: string;
  kind: SearchKind | undefined;
  page: number;
  onPage: (page: number) => void;
}) {
  const isOverview = kind === undefined;
  return (
    <>
      {isOverview && answer.groups.length > 1 && (
        <nav className="search-kinds" aria-label="Kinds of results">
          <ul>
            {answer.groups.map((group) => (
              <li key={group.kind}>
                <a href={`#${headingId(group.kind)}`}>
                  {SEARCH_KIND_LABELS[group.kind]} ({group.total})
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {answer.groups.map((group) => {
        // The overview's answer holds the first SEARCH_OVERVIEW_SIZE of each kind; "Show all" opens the kind on its own.
        const shown = group.results;
        const first = isOverview ? 1 : (page - 1) * SEARCH_PAGE_SIZE + 1;
        return (
          <section key={group.kind} className="search-group" aria-labelledby={headingId(group.kind)}>
            <h2 id={headingId(group.kind)} className="search-group__heading" tabIndex={-1}>
              {SEARCH_KIND_LABELS[group.kind]} <span className="search-group__count">({group.total})</span>
            </h2>
            <ol className="search-group__list" start={first}>
              {shown.map((result) => (
                <ResultItem key={`${result.id}-${result.part}`} kind={group.kind} result={result} />
              ))}
            </ol>
            {isOverview && group.total > shown.length && (
              <p className="search-group__more">
                <Link to={searchPath(query, group.kind)} className="link-alone">
                  Show all {countOf(group.total, 'result')} in {SEARCH_KIND_LABELS[group.kind]}
                </Link>
              </p>
            )}
            {!isOverview && (page > 1 || group.total > page * SEARCH_PAGE_SIZE) && (
              <nav className="search-group__pages" aria-label={`Pages of ${SEARCH_KIND_LABELS[group.kind]}`}>
                {page > 1 && (
                  <button type="button" className="button" onClick={() => onPage(page - 1)}>
                    Previous {SEARCH_PAGE_SIZE}
                  </button>
                )}
                {group.total > page * SEARCH_PAGE_SIZE && (
                  <button type="button" className="button" onClick={() => onPage(page + 1)}>
                    Next {Math.min(SEARCH_PAGE_SIZE, group.total - page * SEARCH_PAGE_SIZE)}
                  </button>
                )}
              </nav>
            )}
          </section>
        );
      })}
    </>
  );
}
