import { Link } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { PATHS } from '../../lib/paths.ts';

/** The route id in the address, or 0 when it is not one. */
export const routeIdOf = (text: string | undefined): number => (text && /^\d+$/.test(text) ? Number(text) : 0);

export function RouteNotFound({ isLoggedIn }: { isLoggedIn: boolean }) {
  return (
    <PageFrame title="Route Not Found">
      <p>
        That route is not in the club’s library{isLoggedIn ? '' : ', or it is for members only'}.{' '}
        {!isLoggedIn && (
          <>
            Members can <Link to={PATHS.login}>log in</Link> to see it.{' '}
          </>
        )}
        <Link to={PATHS.routes}>See all route books</Link>.
      </p>
    </PageFrame>
  );
}
