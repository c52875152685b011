import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import type { Services } from '../../../app/create-services.js';
import { createRequestContext } from '../../../common/request-context.js';
import type { Upload, UploadedFile } from '../../../http/uploads.js';
import { hashPassword } from '../../auth/password.js';
import { uploadTmpDir } from '../../products/products.routes.js';
import { User } from '../../users/user.entity.js';
import { renderProductPicture } from './demo-pictures.js';

interface DemoSeller {
  username: string;
  city: string;
  state: string;
}

const SELLERS: DemoSeller[] = [
  { username: 'pune_computer_bazaar', city: 'Pune', state: 'Maharashtra' },
  { username: 'surat_textile_house', city: 'Surat', state: 'Gujarat' },
  { username: 'delhi_office_mart', city: 'Delhi', state: 'Delhi' },
  { username: 'ludhiana_machine_works', city: 'Ludhiana', state: 'Punjab' },
  { username: 'mumbai_mobile_hub', city: 'Mumbai', state: 'Maharashtra' },
  { username: 'jaipur_handicrafts', city: 'Jaipur', state: 'Rajasthan' },
];

/** [seller index, title, category, new|used, rupees (null: inquire), max quantity, tags, description] */
type Row = [number, string, string, 'new' | 'used', string | null, number, string[], string];

const PRODUCTS: Row[] = [
  [0, 'Dell Latitude 5490 laptop, i5 8th gen, 8 GB RAM', 'Computers', 'used', '24500.00', 15, ['laptop', 'dell', 'refurbished'], 'Corporate-returned Dell Latitude 5490 laptops in excellent condition. Intel Core i5, 8 GB RAM, 256 GB SSD, 14 inch screen, Windows 10 Pro. 6 months warranty, GST invoice.'],
  [0, 'HP EliteBook 840 G5 business laptop', 'Computers', 'used', '28900.00', 10, ['laptop', 'hp', 'elitebook'], 'Lightweight HP EliteBook 840 G5, Core i5 8350U, 16 GB RAM, 512 GB SSD. Tested battery, backlit keyboard. Ideal for offices and startups.'],
  [0, 'Lenovo ThinkPad E14 Gen 4, new sealed', 'Computers', 'new', '52990.00', 25, ['laptop', 'lenovo', 'thinkpad'], 'Brand new Lenovo ThinkPad E14 with Ryzen 5, 16 GB RAM, 512 GB SSD. Sealed box with 1 year onsite warranty. Bulk pricing for 10+ units.'],
  [0, 'Assembled office desktop PC, Core i3, 8 GB', 'Computers', 'new', '21500.00', 50, ['desktop', 'computer', 'office'], 'Ready-to-use office desktop: Intel Core i3 12th gen, 8 GB RAM, 512 GB NVMe SSD, 19.5 inch monitor, keyboard and mouse. Installation in Pune free.'],
  [0, 'HP LaserJet Pro M126nw multifunction printer', 'Computers', 'new', '17800.00', 12, ['printer', 'hp', 'laserjet'], 'Print, scan and copy with Wi-Fi. 20 pages per minute, ideal for small offices. Original HP toner included.'],
  [4, 'Samsung Galaxy M34 5G, 6 GB / 128 GB', 'Smartphones', 'new', '15999.00', 40, ['mobile', 'samsung', '5g'], 'Samsung Galaxy M34 5G with 6000 mAh battery and 120 Hz AMOLED display. Company sealed, GST bill. Dealer enquiries welcome.'],
  [4, 'Redmi Note 12 Pro, used, like new', 'Smartphones', 'used', '11500.00', 5, ['mobile', 'redmi', 'xiaomi'], 'Redmi Note 12 Pro, 8 GB / 256 GB, used for 4 months, no scratches, with box and charger.'],
  [4, 'Apple iPhone 13, 128 GB, refurbished', 'Smartphones', 'used', '38999.00', 8, ['iphone', 'apple', 'mobile'], 'Certified refurbished iPhone 13, battery health above 88 percent, 3 months warranty.'],
  [4, 'boAt Rockerz 450 Bluetooth headphones', 'Audio', 'new', '1299.00', 200, ['headphones', 'boat', 'bluetooth'], 'On-ear wireless headphones with 15 hours playback. Wholesale cartons of 20 available.'],
  [4, 'JBL Flip 6 portable Bluetooth speaker', 'Audio', 'new', '9499.00', 30, ['speaker', 'jbl', 'bluetooth'], 'Waterproof portable speaker with powerful bass. Genuine JBL India warranty.'],
  [2, 'Ergonomic mesh office chair with headrest', 'Furniture', 'new', '6499.00', 100, ['office chair', 'chair', 'ergonomic'], 'High-back mesh chair with adjustable lumbar support, armrests and headrest. Bulk orders for offices delivered across Delhi NCR.'],
  [2, 'Wooden office table 4 x 2 ft', 'Furniture', 'new', '7800.00', 60, ['table', 'desk', 'office'], 'Engineered wood office table with drawer and cable manager. Walnut finish.'],
  [2, 'Steel almirah, 4 door, Godrej style', 'Furniture', 'used', '5500.00', 6, ['almirah', 'cupboard', 'steel'], 'Sturdy 4 door steel almirah with locker. Used in office, good condition.'],
  [2, 'A4 copier paper 75 GSM, box of 5 reams', 'OfficeSupplies', 'new', '1350.00', 500, ['a4 paper', 'paper', 'stationery'], 'Bright white A4 paper, 500 sheets per ream, 5 reams per box. Wholesale rates for offices and schools.'],
  [2, 'Currency counting machine with fake note detection', 'BusinessEquipment', 'new', '8900.00', 40, ['note counting machine', 'cash counter'], 'UV, MG and IR fake note detection, counts 1000 notes per minute. For shops, petrol pumps and banks.'],
  [2, 'Thermal billing printer 3 inch for shops', 'BusinessEquipment', 'new', '4250.00', 80, ['billing machine', 'receipt printer', 'pos'], 'USB and Bluetooth thermal receipt printer, works with most billing software. GST bills in seconds.'],
  [2, 'CCTV camera kit, 4 cameras with DVR', 'BusinessEquipment', 'new', '11999.00', 35, ['cctv', 'security camera'], 'Complete 2 MP CCTV kit for shops and offices: 4 cameras, DVR, 1 TB hard disk, cables and installation support.'],
  [3, 'Kirloskar 5 kVA diesel generator', 'IndustrialEquipment', 'used', '95000.00', 3, ['generator', 'diesel', 'kirloskar'], 'Silent diesel genset, 5 kVA, 1200 running hours, serviced. Suitable for shops, clinics and small factories.'],
  [3, 'Arc welding machine 200 A, IGBT inverter', 'IndustrialEquipment', 'new', '7450.00', 45, ['welding machine', 'welding'], 'Portable IGBT inverter welding machine for 2.5 to 4 mm rods. Ideal for fabrication workshops.'],
  [3, 'All-geared lathe machine, 6 ft bed', 'IndustrialEquipment', 'used', null, 2, ['lathe', 'lathe machine'], 'Heavy duty all-geared lathe with 6 ft bed and accessories. Inspect in Ludhiana before purchase; price on request.'],
  [3, 'Air compressor 2 HP, 100 litre tank', 'IndustrialEquipment', 'new', '18500.00', 20, ['compressor', 'air compressor'], 'Single stage reciprocating air compressor for garages, spray painting and tyre shops.'],
  [3, 'Submersible water pump 1 HP', 'IndustrialEquipment', 'new', '6300.00', 70, ['pump', 'water pump', 'submersible'], 'Stainless steel submersible pump for borewells, 1 HP single phase, copper winding.'],
  [3, 'Bosch GSB 500W impact drill kit', 'HomeTools', 'new', '3299.00', 90, ['drill', 'bosch', 'drill machine'], 'Bosch impact drill with 100 piece accessory kit. For carpenters, electricians and home use.'],
  [1, 'Cotton kurta for men, pack of 10 (wholesale)', 'MensClothing', 'new', '3999.00', 300, ['kurta', 'cotton', 'wholesale'], 'Pure cotton straight kurtas in assorted colours, sizes M to XXL. Minimum order one pack of 10.'],
  [1, 'Banarasi silk sarees, assorted designs', 'WomensClothing', 'new', '2450.00', 150, ['saree', 'silk', 'banarasi'], 'Handwoven Banarasi art silk sarees with blouse piece. Direct from Surat manufacturer; bulk orders for retailers.'],
  [1, 'Printed cotton t-shirts, 100 pieces lot', 'UnisexClothing', 'new', '9500.00', 2000, ['t-shirt', 'tshirt', 'cotton'], 'Round neck cotton t-shirts, 180 GSM, custom printing available. Lots of 100 pieces.'],
  [1, 'Polyester dress material, 50 metre roll', 'WomensClothing', 'new', '2750.00', 400, ['dress material', 'fabric'], 'Printed polyester fabric for suits and kurtis, 44 inch width, roll of 50 metres.'],
  [1, 'Industrial sewing machine, Juki single needle', 'IndustrialEquipment', 'used', '14500.00', 10, ['sewing machine', 'juki', 'silai machine'], 'Juki DDL-8700 high speed lockstitch sewing machine with table and motor. Used in garment unit, well maintained.'],
  [5, 'Blue pottery ceramic vase, handmade', 'HomeDecor', 'new', '899.00', 120, ['vase', 'blue pottery', 'handmade'], 'Traditional Jaipur blue pottery vase, 10 inch, hand painted. Gift and hotel decor orders welcome.'],
  [5, 'Handblock printed cotton bedsheets, set of 5', 'HomeDecor', 'new', '2599.00', 250, ['bedsheet', 'cotton', 'block print'], 'Sanganeri hand block printed double bedsheets with pillow covers, 100 percent cotton.'],
  [5, 'Brass Ganesha statue, 8 inch', 'Art', 'new', '3450.00', 40, ['statue', 'brass', 'ganesha'], 'Solid brass Ganesha idol with antique finish, handcrafted by Jaipur artisans.'],
  [5, 'Leather office bag for laptops', 'Bags', 'new', '2199.00', 150, ['laptop bag', 'leather', 'office bag'], 'Genuine leather messenger bag fits 15.6 inch laptops. Corporate gifting orders with logo embossing.'],
  [0, 'Canon EOS 1500D DSLR with 18-55 mm lens', 'Cameras', 'used', '26500.00', 4, ['dslr', 'canon', 'camera'], 'Canon 1500D with kit lens, 8000 shutter count, bag and 32 GB card included.'],
  [4, 'Prestige induction cooktop 2000 W', 'Kitchen', 'new', '2399.00', 120, ['induction', 'prestige', 'kitchen'], 'Prestige PIC 20 induction cooktop with Indian menu options. Dealer pricing for 20+ pieces.'],
  [2, 'Stainless steel water bottles 1 L, carton of 24', 'Kitchen', 'new', '3600.00', 100, ['water bottle', 'steel', 'bulk'], 'Single wall stainless steel bottles, leak proof caps. Custom logo printing for corporate orders.'],
  [3, 'Safety shoes with steel toe, ISI marked', 'Shoes', 'new', '899.00', 1000, ['safety shoes', 'steel toe', 'shoes'], 'Leather safety shoes with steel toe cap and oil resistant sole. For factories and construction sites.'],
];

/** A stand-in for a multipart upload: the generated pictures as temporary files. */
async function pictureUpload(dir: string, product: Record<string, unknown>, pictures: Buffer[]): Promise<Upload> {
  await mkdir(dir, { recursive: true });
  const files: UploadedFile[] = [];
  for (const [i, data] of pictures.entries()) {
    const file = path.join(dir, `${uuidv7()}.upload`);
    await writeFile(file, data);
    files.push({ field: i === 0 ? 'thumbnail' : 'gallery', filename: `picture-${i}.png`, path: file, size: data.length, type: 'image/png' });
  }
  return {
    fields: { product: JSON.stringify(product) },
    files,
    dispose: async () => {
      await Promise.all(files.map((f) => rm(f.path, { force: true })));
    },
  };
}

/**
 * Demo catalogue for an empty database: real-looking Indian business goods across categories,
 * with drawn pictures, listed through the catalogue service (so they are indexed like any other)
 * by demo sellers whose passwords are random and never stored anywhere: nobody can log in as them.
 */
export async function seedSearchDemo(services: Services): Promise<void> {
  const { orm, log } = services.infra;
  const em = orm.em.fork();
  const sellers: User[] = [];
  for (const s of SELLERS) {
    const user = em.create(User, {
      email: `${s.username.replace(/_/g, '.')}@demo.bolbazaar.invalid`,
      username: s.username,
      passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
      emailVerified: true,
    });
    sellers.push(user);
  }
  await em.flush();
  const tmp = uploadTmpDir(services);
  for (const [sellerIndex, title, category, productType, price, maxQuantity, tags, description] of PRODUCTS) {
    const seller = SELLERS[sellerIndex];
    const ctx = createRequestContext({ em: orm.em, log, requestId: `seed-${uuidv7()}`, viewer: { userId: sellers[sellerIndex].id, sessionId: 'seed' } });
    const pictures = [await renderProductPicture(title, category), await renderProductPicture(`${title} (detail)`, category)];
    const product = {
      title,
      description,
      product_type: productType,
      purchase_type: price === null ? 'inquire' : 'buy_now',
      condition: productType === 'new' ? 'new' : 'good',
      category,
      tags,
      ...(price === null ? {} : { price }),
      quantity: { min_quantity: 1, max_quantity: maxQuantity },
      location: { city: seller.city, state: seller.state },
      custom_questions: { questions: [] },
    };
    await services.products.create(ctx, () => pictureUpload(tmp, product, pictures));
  }
  log.info({ products: PRODUCTS.length, sellers: SELLERS.length }, 'search demo catalogue seeded');
}
