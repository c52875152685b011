import type { Request, Response, Router } from 'express';
import type { Infra } from '../../app/infra.js';
import type { ProductService } from './products.service.js';
import { badInput } from '../../common/app-error.js';
import { commandFromRest, toCommandName } from '../../http/rest-commands.js';
import { uploadTmpDir, withUpload } from '../../http/uploads.js';
import { toRestGallery, toRestProduct, toRestQuestions, type ProductView } from './product-view.js';
import { isObject, REQUIRED } from './products.inputs.js';
import { productMessages } from './products.messages.js';

const product = (req: Request, p: ProductView) => ({ product: toRestProduct(p, req.ctx.locale) });
const param = (req: Request, name: string) => String((req.params as Record<string, string>)[name]);

// The REST bodies as the catalogue's commands (the GraphQL input's names), in the nested forms the spec sends.

type Obj = Record<string, unknown>;

const PRODUCT_FIELDS = [
  'title', 'description', 'product_type', 'purchase_type', 'condition', 'category', 'tags', 'price', 'price_max', 'contact', 'enabled', 'custom_questions',
  'min_quantity', 'max_quantity', 'city', 'state', 'unit', 'hsn_code', 'gst_rate', 'price_tiers',
];

/** Questions as REST sends them (`{questions: [...]}` or the list, entries with `question_type`). */
function questionsFromRest(raw: unknown): unknown {
  const list = isObject(raw) && 'custom_questions' in raw ? raw.custom_questions : raw;
  const items = isObject(list) && 'questions' in list ? list.questions : list;
  if (!Array.isArray(items)) return items;
  return items.map((q) => commandFromRest(q));
}

/**
 * A product body in either form the spec sends: quantity as `{min_quantity, max_quantity}` (create)
 * or a single number (edit: the maximum), location as `{city, state}` or flat, custom questions as
 * `{questions}` or a list. Keys that are absent stay absent, so an edit changes only what it gives.
 */
function productCommandFromRest(body: unknown): unknown {
  if (!isObject(body)) return body;
  const flat: Obj = {};
  const copy = (from: Obj, key: string) => {
    if (from[key] !== undefined) flat[toCommandName(key)] = from[key];
  };
  for (const key of PRODUCT_FIELDS) copy(body, key);
  const q = body.quantity;
  if (isObject(q)) {
    copy(q, 'min_quantity');
    copy(q, 'max_quantity');
  } else if (q !== undefined) flat.maxQuantity = q;
  if (isObject(body.location)) {
    copy(body.location, 'city');
    copy(body.location, 'state');
  }
  if (flat.customQuestions !== undefined) flat.customQuestions = questionsFromRest(flat.customQuestions);
  if (Array.isArray(flat.priceTiers)) flat.priceTiers = flat.priceTiers.map((t) => commandFromRest(t));
  return flat;
}

/** The `product` field of a create upload: JSON text of an object. */
function parseProductField(text: string | undefined): Obj {
  if (text === undefined || text.trim() === '') throw badInput(REQUIRED, { fields: { product: REQUIRED } });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badInput(productMessages.theProductFieldMustBeValid);
  }
  if (!isObject(value)) throw badInput(productMessages.theProductMustBeAJson);
  return value;
}

/** REST shim, the seller product calls of docs/product.md#rest-shim: JSON calls. */
export function productRoutes(r: Router, { products }: { products: ProductService }): void {

  r.get('/products/:id', async (req, res) => {
    res.json(product(req, await products.getProduct(req.ctx, param(req, 'id'))));
  });

  const list = async (req: Request, res: Response) => {
    const page = await products.listOwn(req.ctx, { limit: req.query.limit, offset: req.query.offset });
    res.json({
      products: page.items.map((p) => toRestProduct(p, req.ctx.locale)),
      total_count: page.totalCount,
      limit: page.limit,
      offset: page.offset,
    });
  };
  r.get('/seller/products/list', list);
  r.get('/seller/products', list);

  r.post('/seller/products/questions/generate', async (req, res) => {
    const questions = await products.generateQuestions(req.ctx, commandFromRest(req.body));
    res.json({ questions: toRestQuestions(questions), message: `Generated ${questions.length} questions` });
  });

  r.get('/seller/products/:id', async (req, res) => {
    res.json(product(req, await products.getOwnProduct(req.ctx, param(req, 'id'))));
  });

  r.put('/seller/products/:id', async (req, res) => {
    const updated = await products.update(req.ctx, param(req, 'id'), productCommandFromRest(req.body));
    res.json({ message: 'Product updated successfully', ...product(req, updated) });
  });

  r.delete('/seller/products/:id', async (req, res) => {
    await products.delete(req.ctx, param(req, 'id'));
    res.json({ success: true, message: 'Product deleted successfully' });
  });

  r.get('/seller/products/:id/gallery', async (req, res) => {
    res.json({ gallery: toRestGallery(await products.getGallery(req.ctx, param(req, 'id'))) });
  });

  r.post('/seller/products/:id/gallery/reorder', async (req, res) => {
    const updated = await products.reorderGallery(req.ctx, param(req, 'id'), commandFromRest(req.body));
    res.json({ message: 'Gallery order updated successfully', gallery: toRestGallery(updated.gallery) });
  });

  r.delete('/seller/products/:id/gallery/items/:itemId', async (req, res) => {
    const updated = await products.deleteGalleryItem(req.ctx, param(req, 'id'), param(req, 'itemId'));
    res.json({ message: 'Gallery item removed successfully', gallery: toRestGallery(updated.gallery) });
  });

  r.get('/seller/products/:id/questions', async (req, res) => {
    res.json({ questions: toRestQuestions(await products.getQuestions(req.ctx, param(req, 'id'))) });
  });

  r.post('/seller/products/:id/questions/set', async (req, res) => {
    const updated = await products.setQuestions(req.ctx, param(req, 'id'), questionsFromRest(req.body));
    res.json({ message: 'Questions saved', questions: toRestQuestions(updated.customQuestions) });
  });

  r.post('/seller/products/:id/questions/generate', async (req, res) => {
    const questions = await products.generateQuestions(req.ctx, commandFromRest(req.body), param(req, 'id'));
    res.json({ questions: toRestQuestions(questions), message: `Generated ${questions.length} questions` });
  });
}

/**
 * REST shim uploads (multipart, streamed to temporary files while they are checked): the service's
 * early checks (logged in, owner, room in the gallery) come before the body is read, and say what the
 * upload may carry; the received files go to the service as a command and are removed afterwards.
 */
export function productUploadRoutes(r: Router, { products, infra }: { products: ProductService; infra: Pick<Infra, 'config'> }): void {
  const tmp = uploadTmpDir(infra.config);

  r.post('/seller/products/create', async (req, res) => {
    const spec = await products.createUpload(req.ctx);
    const created = await withUpload(req, spec, tmp, ({ fields, files }) =>
      products.create(req.ctx, {
        product: productCommandFromRest(parseProductField(fields.product)),
        thumbnail: files.find((f) => f.field === 'thumbnail'),
        gallery: files.filter((f) => f.field === 'gallery'),
      }),
    );
    res.status(201).json({ message: 'Product created successfully', product_id: created.id, ...product(req, created) });
  });

  r.put('/seller/products/:id/thumbnail', async (req, res) => {
    const id = param(req, 'id');
    const spec = await products.thumbnailUpload(req.ctx, id);
    const updated = await withUpload(req, spec, tmp, ({ files }) => products.replaceThumbnail(req.ctx, id, { files }));
    res.json({ message: 'Thumbnail updated successfully', ...product(req, updated) });
  });

  const add = async (req: Request, res: Response) => {
    const id = param(req, 'id');
    const spec = await products.galleryAddUpload(req.ctx, id);
    const updated = await withUpload(req, spec, tmp, ({ files }) => products.addGalleryItems(req.ctx, id, { files }));
    res.json({ message: 'Gallery updated successfully', gallery: toRestGallery(updated.gallery) });
  };
  r.post('/seller/products/:id/gallery/add', add);
  r.post('/seller/products/:id/gallery', add);

  r.post('/seller/products/:id/gallery/replace', async (req, res) => {
    const id = param(req, 'id');
    const spec = await products.galleryReplaceUpload(req.ctx, id);
    const updated = await withUpload(req, spec, tmp, ({ files }) => products.replaceGallery(req.ctx, id, { files }));
    res.json({ message: 'Gallery updated successfully', gallery: toRestGallery(updated.gallery) });
  });
}
