import { notifiableOf, type NoticeDraft } from '../../outbox/notifiable.js';
import { rfqChanged, type RfqChanged } from './rfq-events.js';
import { rfqNoticeMessages as m } from './rfqs.messages.js';

const PREVIEW = 120;
const preview = (text: string) => (text.length > PREVIEW ? `${text.slice(0, PREVIEW - 1)}…` : text);

/**
 * Who hears of a requirement away from the page (docs/product.md#notifications): each seller it was just matched
 * with (a new requirement in their inbox), and, once the buyer accepts another seller's quote or closes it, the
 * sellers who had quoted. Not urgent (quiet hours hold them). A quote itself reaches the buyer as the chat's quote
 * card ('quote' notices of the chat), and the accepted seller hears of the order from the orders module.
 */
export const rfqNotifiable = notifiableOf(rfqChanged, {
  notices(e: RfqChanged): NoticeDraft[] {
    const sellers = e.deliveries.filter((d) => d.userId !== e.buyerId);
    const quoted = (d: (typeof sellers)[number]) => d.rfq.match?.answer === 'quoted' && d.rfq.match.myQuote?.status !== 'accepted';
    const [told, title] =
      e.type === 'matched' ? [sellers, m.newRequirement]
      : e.type === 'fulfilled' ? [sellers.filter(quoted), m.buyerChoseAnotherQuote]
      : e.type === 'closed' ? [sellers.filter(quoted), m.buyerClosedRequirement]
      : [[], null];
    if (!title) return [];
    return told.map((d) => ({
      userId: d.userId,
      kind: 'requirement',
      urgent: false,
      scope: `rfq:${e.rfqId}`,
      actorId: e.buyerId,
      title,
      body: preview(d.rfq.text),
      url: '/seller/rfqs',
      ref: `rfq:${e.rfqId}:${d.position}`,
    }));
  },
});
