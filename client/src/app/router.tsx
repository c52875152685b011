import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorPage } from '../components/errors/route-error-page';
import { RootLayout } from './layout/root-layout';
import { AboutRoute } from './routes/about-route';
import { ChatRoute } from './routes/chat-route';
import { CreateProductRoute } from './routes/create-product-route';
import { DashboardRoute } from './routes/dashboard-route';
import { EditProductRoute } from './routes/edit-product-route';
import { HomeRoute } from './routes/home-route';
import { LoginRoute } from './routes/login-route';
import { NotFoundRoute } from './routes/not-found-route';
import { OrdersRoute } from './routes/orders-route';
import { ProductRoute } from './routes/product-route';
import { SearchRoute } from './routes/search-route';
import { SellerOrdersRoute } from './routes/seller-orders-route';
import { SellerProductsRoute } from './routes/seller-products-route';
import { SellersRoute } from './routes/sellers-route';
import { SettingsRoute } from './routes/settings-route';
import { SignupRoute } from './routes/signup-route';

/** Every screen of SPEC.md section 2. The server answers each of these paths with index.html. */
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
