import { Suspense, type ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouteErrorPage } from '../components/errors/route-error-page';
import { preloadable } from '../components/lazy/preloadable';
import { loadScreenTexts } from '../lib/i18n';
import { RootLayout } from './layout/root-layout';
import { HomeRoute } from './routes/home-route';

/** Every lazily loaded screen's loader, for `preloadScreens`. */
const loaders: Array<() => Promise<unknown>> = [];

/** A route's screen, with the way to fetch its chunk before it is shown (`preloadPage`). */
type Screen = ComponentType & { preload?: () => Promise<unknown> };

/**
 * A screen in its own chunk, fetched the first time it is shown: the first load of `/` downloads
 * only the frame and the home screen (the speed budget is in bench/README.md). While the chunk comes
 * the screen's place stays empty (the top bar stays); once loaded it renders at once.
 */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Screen {
  // The screen's code and its texts (other screens' namespaces come in their own chunk).
  const Loaded = preloadable(() => Promise.all([load(), loadScreenTexts()]).then(([m]) => m[name]));
  loaders.push(Loaded.preload);
  function LazyScreen() {
    return (
      <Suspense fallback={null}>
        <Loaded />
      </Suspense>
    );
  }
  return Object.assign(LazyScreen, { preload: Loaded.preload });
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
const SellerProfileRoute = screen(() => import('./routes/seller-profile-route'), 'SellerProfileRoute');
const OrdersRoute = screen(() => import('./routes/orders-route'), 'OrdersRoute');
const AboutRoute = screen(() => import('./routes/about-route'), 'AboutRoute');
const OperatorRoute = screen(() => import('./routes/operator-route'), 'OperatorRoute');
const RfqsRoute = screen(() => import('./routes/rfqs-route'), 'RfqsRoute');
const RfqNewRoute = screen(() => import('./routes/rfq-new-route'), 'RfqNewRoute');
const SellerRfqsRoute = screen(() => import('./routes/seller-rfqs-route'), 'SellerRfqsRoute');
const SearchRoute = screen(() => import('./routes/search-route'), 'SearchRoute');
const NotFoundRoute = screen(() => import('./routes/not-found-route'), 'NotFoundRoute');

/**
 * Every screen of docs/product.md#screens-and-routes. The server answers each of these paths with index.html;
 * the routes with an `id` in `app/ssr/pages.ts` are rendered on the server for visitors (docs/architecture.md#rendered-pages).
 */
export const screenRoutes: RouteObject[] = [
  { id: 'home', index: true, Component: HomeRoute },
  { path: 'login', Component: LoginRoute },
  { path: 'signup', Component: SignupRoute },
  { path: 'dashboard', Component: DashboardRoute },
  { path: 'settings', Component: SettingsRoute },
  { path: 'seller/products/create', Component: CreateProductRoute },
  { path: 'sell', Component: CreateProductRoute },
  { path: 'seller/products/edit/:id', Component: EditProductRoute },
  { path: 'seller/products', Component: SellerProductsRoute },
  { path: 'seller/orders', Component: SellerOrdersRoute },
  { path: 'seller/rfqs', Component: SellerRfqsRoute },
  { path: 'rfqs', Component: RfqsRoute },
  { path: 'rfqs/new', Component: RfqNewRoute },
  { id: 'product', path: 'product/:id', Component: ProductRoute },
  { path: 'chat', Component: ChatRoute },
  { path: 'sellers', Component: SellersRoute },
  { path: 'sellers/:username', Component: SellerProfileRoute },
  { path: 'orders', Component: OrdersRoute },
  { id: 'about', path: 'about', Component: AboutRoute },
  { path: 'operator', Component: OperatorRoute },
  { path: 'search', Component: SearchRoute },
  { id: 'not-found', path: '*', Component: NotFoundRoute },
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

/**
 * Fetches the code a page at `pathname` shows (its screen's chunk, home's sections) before a page the server
 * rendered is hydrated: met by React already loaded, the server's markup is kept (components/lazy/preloadable.tsx).
 */
export async function preloadPage(pathname: string): Promise<void> {
  await Promise.all((matchRoutes(appRoutes, pathname) ?? []).map((m) => (m.route.Component as Screen | undefined)?.preload?.()));
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
