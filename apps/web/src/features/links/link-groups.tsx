import type { LinkGroup } from '@club/contracts';
import { useId } from 'react';
import { QueryState } from '../../components/query-state.tsx';
import './link-groups.css';
import { useLinks } from './api/links.ts';

/** Shows the host so a visitor knows where a link leads before following it. */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

/** Only web addresses become links; anything else in the data is shown as plain text. */
const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

export function LinkGroups() {
  const query = useLinks();
  return (
    <QueryState query={query} what="the links" loadingLabel="Loading links…">
      {({ l }) => <LinkGroupList groups={l} />}
    </QueryState>
  );
}

function LinkGroupList({ groups }: { groups: LinkGroup[] }) {
  const baseId = useId();
  if (groups.length === 0) return <p>No links have been added yet.</p>;

  return (
    <div className="link-groups">
      {groups.map((group, index) => {
        const headingId = `${baseId}-${index}`;
        return (
          <section key={`${group.groupName}-${index}`} className="link-group" aria-labelledby={headingId}>
            <h2 id={headingId} className="link-group__title">
              {group.groupName}
            </h2>
            <ul className="link-group__list">
              {group.links.map((link, linkIndex) => (
                <li key={`${link.url}-${linkIndex}`} className="link-group__item">
                  {isWebAddress(link.url) ? (
                    <a href={link.url} target="_blank" rel="noopener noreferrer">
                      {link.label}
                      <span className="visually-hidden"> (opens in a new tab)</span>
                    </a>
                  ) : (
                    <span>{link.label}</span>
                  )}
                  {hostOf(link.url) !== '' && <span className="link-group__host">{hostOf(link.url)}</span>}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
