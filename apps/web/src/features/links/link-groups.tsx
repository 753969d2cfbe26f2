import { useId } from 'react';
import { errorMessageOf } from '../../api/client.ts';
import { Loading } from '../../components/loading.tsx';
import { useLinkGroups } from './use-link-groups.ts';
import './link-groups.css';

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
  const query = useLinkGroups();
  const baseId = useId();

  if (query.isPending) return <Loading label="Loading links…" />;
  if (query.isError) {
    return (
      <div className="notice notice--error" role="alert">
        <p>The links could not be loaded: {errorMessageOf(query.error)}</p>
        <button type="button" className="button" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const groups = query.data.l;
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
