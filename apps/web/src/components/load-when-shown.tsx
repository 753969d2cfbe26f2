import { lazy, Suspense, type ComponentType } from 'react';
import { Loading } from './loading.tsx';

/**
 * A component whose code loads when it is first shown: an editor or an administrator's tool that
 * a visitor never opens, kept out of the page's own chunk (and its image picker, form and
 * dialog with it). Declared once, at module level, like React.lazy.
 */
export function loadWhenShown<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  function WhenShown(props: P) {
    return (
      <Suspense fallback={<Loading />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return WhenShown;
}
