import { Suspense, use, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorPage } from '../components/errors/route-error-page';
import { loadScreenTexts } from '../lib/i18n';
import { RootLayout } from './layout/root-layout';
import { HomeRoute } from './routes/home-route';

/** A promise that says, once settled, what it holds (React's `use` then reads it without suspending). */
type Tracked<T> = Promise<T> & ({ status?: undefined } | { status: 'fulfilled'; value: T });

/** Every lazily loaded screen's loader, for `preloadScreens`. */
const loaders: Array<() => Promise<unknown>> = [];

/**
 * A screen in its own chunk, fetched the first time it is shown: the first load of `/` downloads
 * only the frame and the home screen (the speed budget is in bench/README.md). While the chunk comes
 * the screen's place stays empty (the top bar stays); once loaded it renders at once, always in the
 * same element tree, so re-renders never remount it.
 */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): ComponentType {
  let loading: Tracked<ComponentType> | null = null;
  const preload = (): Tracked<ComponentType> => {
    if (!loading) {
      // The screen's code and its texts (other screens' namespaces come in their own chunk).
      const promise: Tracked<ComponentType> = Promise.all([load(), loadScreenTexts()]).then(([m]) => m[name]);
      promise.then(
        (value) => Object.assign(promise, { status: 'fulfilled' as const, value }),
        () => {
          loading = null; // the next visit tries again (a new deploy, a dropped connection)
        },
      );
      loading = promise;
    }
    return loading;
  };
  loaders.push(preload);
  function LoadedScreen() {
    const loaded = preload();
    // Once loaded, render straight away: `use` would still suspend once for a promise it has not seen.
    const Screen = loaded.status === 'fulfilled' ? loaded.value : use(loaded);
    return <Screen />;
  }
  return function LazyScreen() {
    return (
      <Suspense fallback={null}>
        <LoadedScreen />
      </Suspense>
    );
  };
}

/** Fetches every screen's chunk now (tests render screens synchronously after it). */
export async function preloadScreens(): Promise<void> {
  await Promise.all(loaders.map((load) => load()));
}

const LoginRoute = screen(() => import('./routes/login-route'), 'LoginRoute');
const SignupRoute = screen(() => import('./routes/signup-route'), 'SignupRoute');
const DashboardRoute = screen(() => import('./routes/dashboard-route'), 'DashboardRoute');
const SettingsRoute = screen(() => import('./routes/settings-route'), 'SettingsRoute');
const CreateProductRoute = screen(() => import('./routes/create-product-route'), 'CreateProductRoute');
const EditProductRoute = screen(() => import('./routes/edit-product-route'), 'EditProductRoute');
const SellerProductsRoute = screen(() => import('./routes/seller-products-route'), 'SellerProductsRoute');
const SellerOrdersRoute = screen(() => import('./routes/seller-orders-route'), 'SellerOrdersRoute');
const ProductRoute = screen(() => import('./routes/product-route'), 'ProductRoute');
const ChatRoute = screen(() => import('./routes/chat-route'), 'ChatRoute');
const SellersRoute = screen(() => import('./routes/sellers-route'), 'SellersRoute');
const OrdersRoute = screen(() => import('./routes/orders-route'), 'OrdersRoute');
const AboutRoute = screen(() => import('./routes/about-route'), 'AboutRoute');
const SearchRoute = screen(() => import('./routes/search-route'), 'SearchRoute');
const NotFoundRoute = screen(() => import('./routes/not-found-route'), 'NotFoundRoute');

/** Every screen of docs/product.md#screens-and-routes. The server answers each of these paths with index.html. */
export const screenRoutes: RouteObject[] = [
  { index: true, Component: HomeRoute },
  { path: 'login', Component: LoginRoute },
  { path: 'signup', Component: SignupRoute },
  { path: 'dashboard', Component: DashboardRoute },
  { path: 'settings', Component: SettingsRoute },
  { path: 'seller/products/create', Component: CreateProductRoute },
  { path: 'sell', Component: CreateProductRoute },
  { path: 'seller/products/edit/:id', Component: EditProductRoute },
  { path: 'seller/products', Component: SellerProductsRoute },
  { path: 'seller/orders', Component: SellerOrdersRoute },
  { path: 'product/:id', Component: ProductRoute },
  { path: 'chat', Component: ChatRoute },
  { path: 'sellers', Component: SellersRoute },
  { path: 'orders', Component: OrdersRoute },
  { path: 'about', Component: AboutRoute },
  { path: 'search', Component: SearchRoute },
  { path: '*', Component: NotFoundRoute },
];

export const appRoutes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    // A failure in the frame itself: nothing of the layout can be trusted, show the page alone.
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        // A failure in one screen keeps the top bar, so the user can navigate away.
        ErrorBoundary: RouteErrorPage,
        children: screenRoutes,
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
