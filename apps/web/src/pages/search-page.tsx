import { SEARCH_KIND_LABELS, SEARCH_KINDS, SEARCH_QUERY_MAX, type SearchKind } from '@club/contracts/plain';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';
import { QueryState } from '../components/query-state.tsx';
import { useSiteSearch } from '../features/search/api/search.ts';
import { SearchResults } from '../features/search/search-results.tsx';
import { countOf } from '../lib/plural.ts';
import { searchPath } from '../lib/paths.ts';
import '../components/form.css';

/** How long typing pauses before the search runs (each keystroke would be a request otherwise). */
const TYPING_PAUSE_MS = 250;

const kindOf = (value: string | null): SearchKind | undefined => SEARCH_KINDS.find((kind) => kind === value);

export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const kind = kindOf(params.get('kind'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(query);
  const inputId = useId();

  const [seenQuery, setSeenQuery] = useState(query);
  const [sentQuery, setSentQuery] = useState(query);
  // Back, forward or a link (the header's box) change the address: the box follows it, but not
  // when the change is this box's own (more may have been typed since).
  if (query !== seenQuery) {
    setSeenQuery(query);
    if (query !== sentQuery) setText(query);
  }

  const show = (next: string, nextPage = 1) => {
    setSentQuery(next);
    const values: Record<string, string> = { q: next };
    if (kind !== undefined) values.kind = kind;
    if (nextPage > 1) values.page = String(nextPage);
    setParams(values, { replace: true });
  };

  useEffect(() => {
    if (text === query) return undefined;
    const timer = setTimeout(() => show(text), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
    // `show` reads only the address, which `query` stands for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, query]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    show(text);
  }

  const search = useSiteSearch(query, kind, page);
  const hasQuery = query.trim() !== '';

  return (
    <PageFrame title="Search" lede="Search the whole site: history, events, photos, the forum, members, the car registry and every page of Valley News.">
      <form role="search" className="search-form" onSubmit={submit}>
        <label htmlFor={inputId}>Search the site</label>
        <div className="search-form__row">
          <input
            id={inputId}
            className="form-field__input search-form__input"
            type="search"
            name="q"
            value={text}
            maxLength={SEARCH_QUERY_MAX}
            autoComplete="off"
            enterKeyHint="search"
            // The page is opened to search: the phones' search button leads here.
            autoFocus={query === ''}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <button type="submit" className="button button--primary">
            Search
          </button>
        </div>
        <p className="search-form__hint">Words match as you type. Put words in "quotes" to find them together.</p>
      </form>
      {kind !== undefined && (
        <p className="search-filter">
          Showing {SEARCH_KIND_LABELS[kind]} only. <Link to={searchPath(query)}>Show every kind of result</Link>
        </p>
      )}
      {hasQuery && (
        <QueryState query={search} what="the search results" loadingLabel="Searching…">
          {(answer) => {
            const total = answer.groups.reduce((sum, group) => sum + group.total, 0);
            return (
              <div className={search.isPlaceholderData ? 'search-answer is-stale' : 'search-answer'}>
                <p className="search-status" role="status">
                  {answer.note !== ''
                    ? answer.note
                    : total === 0
                      ? `Nothing found for “${query}”. Try fewer words, another spelling, or the start of a word.`
                      : `${countOf(total, 'result')} for “${query}”.`}
                </p>
                <SearchResults answer={answer} query={query} kind={kind} page={page} onPage={(next) => show(query, next)} />
              </div>
            );
          }}
        </QueryState>
      )}
    </PageFrame>
  );
}
