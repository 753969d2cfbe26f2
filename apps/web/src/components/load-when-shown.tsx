import { lazy, Suspense, type ComponentType } from 'react';
import { alreadyLoaded } from '../lib/already-loaded.ts';
import { Loading } from './loading.tsx';

/** A component loaded when first shown, which can also be loaded ahead of that. */
export type ShownLater<P> = ComponentType<P> & {
  /**
   * Loads the code now, when the member reaches for what shows it (focuses the control that opens
   * it): shown after that, it renders at once instead of showing the loading state.
   */
  preload: () => Promise<unknown>;
};

/**
 * A component whose code loads when it is first shown: an editor or an administrator's tool that
 * a visitor never opens, kept out of the page's own chunk (and its image picker, form and
 * dialog with it). Declared once, at module level, like React.lazy.
 */
export function loadWhenShown<P extends object>(load: () => Promise<ComponentType<P>>): ShownLater<P> {
  type Loaded = { default: ComponentType<P> };
  let loaded: Loaded | undefined;
  let loading: Promise<Loaded> | undefined;
  const start = () =>
    (loading ??= load().then(
      (Component) => (loaded = { default: Component }),
      (error: unknown) => {
        // A load that failed (the network dropped) is made again the next time it is wanted.
        loading = undefined;
        throw error;
      },
    ));
  // Ahead of time a failure says nothing: showing the component tries again, and says so if it fails.
  const preload = () => start().catch(() => undefined);
  // React.lazy takes any thenable at run time; its types ask for a Promise.
  const Lazy = lazy(() => (loaded ? (alreadyLoaded(loaded) as Promise<Loaded>) : start()));
  function WhenShown(props: P) {
    return (
      <Suspense fallback={<Loading />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Object.assign(WhenShown, { preload });
}
