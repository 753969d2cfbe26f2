import { Link } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';
import { QueryState } from '../components/query-state.tsx';
import { PATHS, editRoutePath } from '../lib/paths.ts';
import { useRoutes } from '../features/routes/api/route-reads.ts';
import { RouteCard } from '../features/routes/route-card.tsx';
import '../features/routes/routes.css';
import { useSession } from '../session/index.ts';

/** /routes: the club's library of drives, with their length, region and the tours that drove them. */
export function RoutesPage() {
  const { isLoggedIn, can } = useSession();
  const query = useRoutes();
  return (
    <PageFrame
      title="Route Books"
      width="wide"
      lede={
        isLoggedIn ? (
          'The club’s favourite drives: turn-by-turn route books to print, maps, and GPX files for your phone or car navigator.'
        ) : (
          <>
            The club’s favourite drives that we share with everyone. Members <Link to={PATHS.login}>log in</Link> to see them all.
          </>
        )
      }
    >
      {can('event') && (
        <p className="button-row">
          <Link className="button button--primary" to={editRoutePath()}>
            New route
          </Link>
        </p>
      )}
      <QueryState query={query} what="the route books" loadingLabel="Loading the routes…">
        {({ routes, showKilometres }) =>
          routes.length === 0 ? (
            <p className="notice">No route books yet.</p>
          ) : (
            <ul className="route-list" aria-label="Routes">
              {routes.map((route) => (
                <RouteCard key={route.id} route={route} showKilometres={showKilometres} isVisibilityShown={isLoggedIn} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </PageFrame>
  );
}
