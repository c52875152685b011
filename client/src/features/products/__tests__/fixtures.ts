import type { MockLink } from '@apollo/client/testing';
import { ProductCategoriesDocument, ProductDetailsDocument, type ProductDetailsFieldsFragment } from '../../../graphql/generated';
import { TEST_USER } from '../../../test/render-app';

export const PRODUCT_ID = '01a20000-0000-7000-8000-0000000000aa';

const picture = (id: string, n: number, order: number) => ({
  __typename: 'GalleryItem' as const,
  id,
  itemType: 'picture',
  url: `/uploads/products/p/${n}-lg.webp`,
  contentType: 'image/webp',
  order,
  urls: { __typename: 'ImageUrls' as const, sm: `/uploads/products/p/${n}-sm.webp`, md: `/uploads/products/p/${n}-md.webp`, lg: `/uploads/products/p/${n}-lg.webp` },
});

/** A product as the ProductDetails query answers it. */
export function productFixture(overrides: Partial<ProductDetailsFieldsFragment> = {}): ProductDetailsFieldsFragment & { __typename: 'Product' } {
  return {
    __typename: 'Product',
    id: PRODUCT_ID,
    sellerId: '01a20000-0000-7000-8000-0000000000bb',
    sellerUsername: 'ravi_traders',
    title: 'Steel water bottles',
    description: '750 ml, food grade steel.\nBulk orders welcome.',
    productType: 'new',
    purchaseType: 'buy_now',
    condition: 'new',
    category: 'Kitchen',
    categoryName: 'Kitchen & Dining',
    tags: ['steel', 'bottle'],
    pricePaise: '123450',
    priceInInr: '1234.50',
    priceMaxPaise: null,
    unit: 'piece',
    hsnCode: null,
    gstRate: 18,
    priceTiers: [],
    minQuantity: 1,
    maxQuantity: 40,
    city: 'Pune',
    state: 'Maharashtra',
    contact: null,
    thumbnail: { __typename: 'ImageUrls', sm: '/uploads/products/p/0-sm.webp', md: '/uploads/products/p/0-md.webp', lg: '/uploads/products/p/0-lg.webp' },
    gallery: [picture('g1', 1, 0), picture('g2', 2, 1)],
    customQuestions: [],
    enabled: true,
    isOwner: false,
    ...overrides,
  } as ProductDetailsFieldsFragment & { __typename: 'Product' };
}

export const productMock = (product: ProductDetailsFieldsFragment | null, times = Number.POSITIVE_INFINITY): MockLink.MockedResponse => ({
  request: { query: ProductDetailsDocument, variables: { id: product?.id ?? PRODUCT_ID } },
  result: { data: { product } },
  maxUsageCount: times,
});

export const categoriesMock: MockLink.MockedResponse = {
  request: { query: ProductCategoriesDocument },
  result: {
    data: {
      productCategories: [
        { __typename: 'ProductCategory', id: 'Computers', name: 'Computers & Laptops', nameHi: 'कंप्यूटर और लैपटॉप', offered: true },
        { __typename: 'ProductCategory', id: 'Kitchen', name: 'Kitchen & Dining', nameHi: 'किचन और डाइनिंग', offered: true },
        { __typename: 'ProductCategory', id: 'UnisexClothing', name: 'Unisex Clothing', nameHi: 'यूनिसेक्स कपड़े', offered: false },
        { __typename: 'ProductCategory', id: 'Other', name: 'Other', nameHi: 'अन्य', offered: true },
      ],
    },
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

export { TEST_USER };

/** A file of a given size and type (contents do not matter to the client checks). */
export const fakeFile = (name: string, type: string, size = 1024) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

interface FakeXhrCall {
  method: string;
  url: string;
  body: FormData;
}

/**
 * Replaces XMLHttpRequest with one that answers every upload with `answer` after reporting 50%
 * progress; returns the calls made. With `hold`, the answer waits for `release()`, so a test can
 * see the upload in progress.
 */
export function fakeUploads(answer: (call: FakeXhrCall) => { status: number; body: unknown }, opts: { hold?: boolean } = {}) {
  const calls: FakeXhrCall[] = [];
  const held: Array<() => void> = [];
  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = '';
    private url = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    send(body: FormData) {
      const call = { method: this.method, url: this.url, body };
      calls.push(call);
      const finish = () => {
        const { status, body: answerBody } = answer(call);
        this.status = status;
        this.statusText = status === 200 || status === 201 ? 'OK' : 'Error';
        this.responseText = typeof answerBody === 'string' ? answerBody : JSON.stringify(answerBody);
        this.onload?.();
      };
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        if (opts.hold) held.push(finish);
        else finish();
      }, 10);
    }
  }
  const original = window.XMLHttpRequest;
  window.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return {
    calls,
    /** Answers the uploads held so far. */
    release: () => held.splice(0).forEach((finish) => finish()),
    restore: () => (window.XMLHttpRequest = original),
  };
}
