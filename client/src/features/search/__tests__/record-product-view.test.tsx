import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RecordProductViewDocument } from '../../../graphql/generated';
import { renderApp, TEST_USER } from '../../../test/render-app';
import { LOGGED_IN_STORAGE_KEY } from '../../auth/session-context';
import { PRODUCT_ID, productFixture, productMock } from '../../products/__tests__/fixtures';

/** The RecordProductView mutation, counting its calls. */
function recordMock() {
  const calls: string[] = [];
  return {
    calls,
    mock: {
      request: { query: RecordProductViewDocument, variables: { productId: PRODUCT_ID } },
      result: () => {
        calls.push(PRODUCT_ID);
        return { data: { recordProductView: true } };
      },
      maxUsageCount: 5,
    },
  };
}

afterEach(() => window.localStorage.clear());

describe('product views (recommendations learn from them)', () => {
  it('a logged-in viewer opening a product page records one view, however they came', async () => {
    window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, '1');
    const { calls, mock } = recordMock();
    renderApp({ initialEntries: [`/product/${PRODUCT_ID}`], me: TEST_USER, mocks: [productMock(productFixture()), mock] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Steel water bottles' })).toBeInTheDocument();
    await waitFor(() => expect(calls).toEqual([PRODUCT_ID]));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(1);
  });

  it('a visitor is not recorded', async () => {
    const { calls, mock } = recordMock();
    renderApp({ initialEntries: [`/product/${PRODUCT_ID}`], mocks: [productMock(productFixture()), mock] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Steel water bottles' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
  });
});
