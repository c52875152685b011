import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { RouteErrorPage } from '../route-error-page';

function Broken(): never {
  throw new Error('boom');
}

function renderBrokenRoute() {
  const router = createMemoryRouter([{ path: '/', Component: Broken, ErrorBoundary: RouteErrorPage }]);
  render(<RouterProvider router={router} />);
}

describe('route error page', () => {
  beforeEach(() => {
    // The page logs the error for developers; keep the test output clean.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it("shows 'Unexpected Application Error!' with a hint and a way home", () => {
    renderBrokenRoute();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Unexpected Application Error!$/);
    expect(screen.getByText(/something went wrong while showing this page/i)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('keeps the exact title in Hindi and translates the hint', async () => {
    await changeLanguage('hi');
    renderBrokenRoute();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Unexpected Application Error!$/);
    expect(screen.getByRole('heading', { level: 1 })).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('link', { name: 'होम पेज पर जाएँ' })).toBeInTheDocument();
  });
});
