import { lazy, type ComponentType } from 'react';

/** A promise that says, once settled, what it holds. */
type Tracked<T> = Promise<T> & ({ status?: undefined } | { status: 'fulfilled'; value: T });

/** A component in a chunk of its own, and the way to fetch that chunk before it is shown. */
export type Preloadable<P extends object> = ComponentType<P> & { preload(): Promise<unknown> };

/**
 * A component whose code (and whatever else `load` waits for) is fetched the first time it is shown, or
 * earlier by `preload()`. Until then it suspends (wrap it in a `Suspense`); once loaded it renders at once,
 * always as the same component, so re-renders never remount it. Rendering at once matters to a page the
 * server rendered (docs/architecture.md#rendered-pages): preloaded before hydration, the component is there
 * when React meets it and the server's markup is kept as it is (a boundary still waiting for its code when
 * something above it changes would be rendered afresh in the browser).
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loading: Tracked<ComponentType<P>> | null = null;
  const preload = (): Tracked<ComponentType<P>> => {
    if (!loading) {
      const promise: Tracked<ComponentType<P>> = load();
      // Noted before React hears of it (React.lazy's own listener comes after), so the render React retries
      // once it is here already takes the loaded component itself.
      promise.then(
        (value) => Object.assign(promise, { status: 'fulfilled' as const, value }),
        () => {
          loading = null; // the next time tries again (a new deploy, a dropped connection)
        },
      );
      loading = promise;
    }
    return loading;
  };
  // Only rendered while the code is on its way: it suspends until then (React's own way for code).
  const Pending = lazy(() => preload().then((component) => ({ default: component })));
  function Loaded(props: P) {
    const loaded = preload();
    return loaded.status === 'fulfilled' ? <loaded.value {...props} /> : <Pending {...props} />;
  }
  return Object.assign(Loaded, { preload });
}
