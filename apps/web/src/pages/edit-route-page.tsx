import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../api/client.ts';
import { PageFrame } from '../components/page-frame.tsx';
import { QueryState } from '../components/query-state.tsx';
import { RequireLogin } from '../components/require-login.tsx';
import { NEW_RECORD_ID, PATHS, editRoutePath, routePath } from '../lib/paths.ts';
import { useRoute } from '../features/routes/api/route-reads.ts';
import { GpxImport } from '../features/routes/gpx-import.tsx';
import { RouteEditor } from '../features/routes/route-editor.tsx';
import { useSession } from '../session/index.ts';
import { routeIdOf } from '../features/routes/route-not-found.tsx';

/** /routes/{id}/edit (0 for a new route): the route editor, for event editors. */
export function EditRoutePage() {
  const { routeId } = useParams();
  const isNew = routeId === String(NEW_RECORD_ID);
  const id = routeIdOf(routeId);
  return (
    <PageFrame title={isNew ? 'New Route' : 'Edit Route'} width="wide">
      <RequireLogin what="the route editor">
        <EditorForOrganisers id={id} isNew={isNew} />
      </RequireLogin>
    </PageFrame>
  );
}

function EditorForOrganisers({ id, isNew }: { id: number; isNew: boolean }) {
  const { can } = useSession();
  const navigate = useNavigate();
  if (!can('event')) return <p className="notice">Only event editors can add or change route books. Ask the club webmaster if you need to.</p>;
  if (isNew) {
    return (
      <>
        <GpxImport routeId={NEW_RECORD_ID} onImported={(newId) => void navigate(editRoutePath(newId))} />
        <h2>Or type the steps</h2>
        <RouteEditor onSaved={(newId) => void navigate(editRoutePath(newId), { replace: true })} />
      </>
    );
  }
  if (id === 0)
    return (
      <p className="notice">
        That is not a route. <Link to={PATHS.routes}>See all route books</Link>.
      </p>
    );
  return <SavedRouteEditor id={id} />;
}

function SavedRouteEditor({ id }: { id: number }) {
  const query = useRoute(id);
  // A new import replaces the steps on the server: the editor starts again from them.
  const [imports, setImports] = useState(0);
  if (query.error && isApiError(query.error) && query.error.status === 404) return <p className="notice">That route is no longer in the library.</p>;
  return (
    <QueryState query={query} what="the route" loadingLabel="Loading the route…">
      {({ route }) => (
        <>
          <p className="button-row">
            <Link className="button" to={routePath(route.id)}>
              View the route
            </Link>
          </p>
          {/* First, as on a new route: on a phone, below the steps it was thousands of pixels down. */}
          <GpxImport routeId={route.id} onImported={() => void query.refetch().then(() => setImports((n) => n + 1))} />
          <RouteEditor key={`${route.id}-${imports}`} route={route} onSaved={() => undefined} />
        </>
      )}
    </QueryState>
  );
}
