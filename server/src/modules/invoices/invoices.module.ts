import { UnrecoverableError, type Job } from 'bullmq';
import type { Router } from 'express';
import type { Storage } from '../../adapters/storage/storage.js';
import type { Infra } from '../../app/infra.js';
import type { AppModule } from '../../app/module.js';
import { jobDataOf, routeOf } from '../../outbox/outbox.js';
import type { AuthService } from '../auth/auth.service.js';
import { orderChanged, type OrderService } from '../orders/orders.service.js';
import { invoiceFileName, InvoiceService } from './invoices.service.js';

/** BullMQ queue of invoices to make: one job per order whose payment the seller marked received. */
export const INVOICES_QUEUE = 'invoices';
const paid = jobDataOf(orderChanged);

/** GET /orders/{id}/invoice: the PDF, as a download, for the order's two parties. */
function invoiceRoutes(r: Router, { invoices }: { invoices: InvoiceService }): void {
  r.get('/orders/:id/invoice', async (req, res) => {
    const { number, pdf } = await invoices.pdfFor(req.ctx, String((req.params as Record<string, string>).id));
    res.set({
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${invoiceFileName(number)}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    res.send(pdf);
  });
}

/** Invoice jobs: made once the order is paid (delivery_pending), and by the sweep should a job be lost. */
function registerInvoiceJobs({ invoices, infra }: { invoices: InvoiceService; infra: Pick<Infra, 'orm' | 'queues' | 'config'> }): void {
  const { orm, queues, config } = infra;
  queues.register(INVOICES_QUEUE, async (job: Job) => {
    const parsed = paid.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError('order event without its fields');
    await invoices.make(orm.em, parsed.data.orderId);
  });
  queues.registerSweep('invoices', config.SWEEP_SECONDS * 1000, () => invoices.sweep(orm.em));
}

/** GST invoices of paid orders (docs/product.md#gst-invoices). */
/** The services this module's routes, jobs and seed take (each names its own). */
type InvoicesDeps = { invoices: InvoiceService; infra: Pick<Infra, 'orm' | 'queues' | 'config'> };

export const invoicesModule: AppModule<InvoicesDeps> = {
  name: 'invoices',
  routes: invoiceRoutes,
  topics: [routeOf(orderChanged, { queue: INVOICES_QUEUE, when: (e) => e.type === 'status_changed' && e.status === 'delivery_pending' })],
  jobs: registerInvoiceJobs,
};

export function createInvoiceServices(infra: Infra, deps: { auth: AuthService; storage: Storage; orders: Pick<OrderService, 'invoiceMade'> }) {
  const invoices = new InvoiceService({ ...deps, clock: infra.clock, log: infra.log });
  return { invoices };
}
export type InvoiceServices = ReturnType<typeof createInvoiceServices>;
