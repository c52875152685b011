import type { Request, Router } from 'express';
import type { Storage } from '../../adapters/storage/storage.js';
import type { Infra } from '../../app/infra.js';
import type { ChatService } from './chat.service.js';
import { AppError, notFound, unauthenticated } from '../../common/app-error.js';
import type { UploadSpec } from '../../common/uploads.js';
import { VOICE_NOTE_FIELD } from './voice-notes.js';
import { restBody } from '../../http/rest-commands.js';
import { sendStoredFile } from '../../http/stored-files.js';
import { uploadTmpDir, withUpload } from '../../http/uploads.js';
import { toRestOrder } from '../orders/orders.types.js';
import { toRestConversation, toRestMessage } from './chat.types.js';
import { chatMessages } from './chat.messages.js';

/** A spoken request: one recording checked as a voice note is, and the language it is in. */
const SPOKEN_UPLOAD: UploadSpec = { files: { audio: VOICE_NOTE_FIELD }, fields: { language: 8 } };

const param = (req: Request, name: string) => String((req.params as Record<string, string>)[name]);

/** REST shim of chat (docs/product.md#chat): the brief's six calls, plus ours for reads, quotes, bids and inquiries. */
export function chatRoutes(r: Router, { chat, storage }: { chat: ChatService; storage: Storage }): void {

  r.get('/chat/conversations', async (req, res) => {
    const [conversations, unreadTotal] = await Promise.all([chat.conversations(req.ctx), chat.unreadTotal(req.ctx)]);
    res.json({ conversations: conversations.map(toRestConversation), unread_total: unreadTotal });
  });

  r.get('/chat/messages/:id/history', async (req, res) => {
    const history = await chat.history(req.ctx, param(req, 'id'));
    res.json({ history: history.map((v) => ({ version: v.version, content: v.content, edited_at: Math.floor(v.at.getTime() / 1000) })) });
  });

  r.put('/chat/messages/:id/edit', async (req, res) => {
    const message = await chat.edit(req.ctx, { ...restBody(req), messageId: param(req, 'id') });
    res.json({ status: 'ok', message: toRestMessage(message) });
  });

  r.post('/chat/messages/:id/played', async (req, res) => {
    res.json({ status: 'ok', message: toRestMessage(await chat.markVoicePlayed(req.ctx, param(req, 'id'))) });
  });

  r.get('/chat/messages/:id/translation', async (req, res) => {
    res.json(await chat.translate(req.ctx, param(req, 'id'), String(req.query.language ?? '')));
  });

  r.post('/chat/quotes/create-order', async (req, res) => {
    const order = await chat.orderQuote(req.ctx, restBody(req), req.get('idempotency-key'));
    res.status(201).json({ message: 'Order placed', order_id: order.id, order: toRestOrder(order) });
  });

  r.post('/chat/bids/respond', async (req, res) => {
    res.json({ status: 'ok', message: toRestMessage(await chat.respondToBid(req.ctx, restBody(req))) });
  });

  // The JSON form (multipart bodies are taken by chatUploadRoutes before the JSON parser).
  r.post('/chat/:userId/messages', async (req, res) => {
    const message = await chat.send(req.ctx, { ...restBody(req), userId: param(req, 'userId') });
    res.status(201).json({ status: 'ok', message: toRestMessage(message) });
  });

  r.get('/chat/:userId/messages/search', async (req, res) => {
    const found = await chat.search(req.ctx, { userId: param(req, 'userId'), query: req.query.q });
    res.json({ messages: found.map(toRestMessage) });
  });

  r.get('/chat/:userId/messages', async (req, res) => {
    const page = await chat.messages(req.ctx, { userId: param(req, 'userId'), limit: req.query.limit, before: req.query.before, after: req.query.after });
    res.json({ messages: page.items.map(toRestMessage), has_more: page.hasMore });
  });

  r.post('/chat/:userId/read', async (req, res) => {
    const conversation = await chat.markRead(req.ctx, { ...restBody(req), userId: param(req, 'userId') });
    res.json({ status: 'ok', conversation: toRestConversation(conversation) });
  });

  r.post('/chat/:userId/typing', async (req, res) => {
    res.json({ status: 'ok', sent: await chat.typing(req.ctx, { userId: param(req, 'userId') }) });
  });

  r.post('/chat/:userId/quotes', async (req, res) => {
    const message = await chat.sendQuote(req.ctx, { ...restBody(req), userId: param(req, 'userId') });
    res.status(201).json({ status: 'ok', message: toRestMessage(message) });
  });

  r.post('/products/:id/bids', async (req, res) => {
    const message = await chat.placeBid(req.ctx, { ...restBody(req), productId: param(req, 'id') });
    res.status(201).json({ status: 'ok', message: toRestMessage(message) });
  });

  r.post('/products/:id/inquiry', async (req, res) => {
    const message = await chat.sendInquiry(req.ctx, { ...restBody(req), productId: param(req, 'id') });
    res.status(201).json({ status: 'ok', message: toRestMessage(message) });
  });

  // Attachments are private: only the conversation's two participants get the file; anyone else a 404.
  const attachment = (preview: boolean) =>
    r.get(`/chat/attachments/:id${preview ? '/preview' : ''}`, async (req, res, next) => {
      const file = await chat.attachmentFile(req.ctx, param(req, 'id'), preview);
      if (!file) throw notFound(chatMessages.attachmentNotFound);
      await sendStoredFile(req, res, next, storage, file.key, { cacheControl: 'private, max-age=3600', downloadName: file.downloadName });
    });
  attachment(false);
  attachment(true);
}

/**
 * POST /chat/{userId}/messages: JSON `{content, client_message_id}` or multipart (`content`, or one
 * `attachment` file checked while it streams, or one `voice_note`: WebM or Ogg Opus, MP4 AAC, 2 minutes). The service's early checks (logged in, a user one
 * may message) come before a multipart body is read.
 */
export function chatUploadRoutes(r: Router, { chat, infra }: { chat: ChatService; infra: Pick<Infra, 'config'> }): void {
  const tmp = uploadTmpDir(infra.config);
  // Spoken words to text (the search assistant's mic without a browser recogniser): multipart `audio`, `language`.
  r.post('/speech/transcriptions', async (req, res) => {
    // Logged-in people only: a paid service is not open to anyone who finds the URL.
    if (!req.ctx.viewer) throw unauthenticated(chatMessages.logInToSpeak);
    if (!chat.speechAvailable()) throw new AppError('SERVICE_UNAVAILABLE', chatMessages.speechOff);
    const text = await withUpload(req, SPOKEN_UPLOAD, tmp, (upload) => chat.transcribeSpoken(upload.files[0], upload.fields.language));
    res.json({ text });
  });
  r.post('/chat/:userId/messages', async (req, res, next) => {
    if (!req.is('multipart/form-data')) return next();
    const userId = param(req, 'userId');
    const spec = await chat.attachmentUpload(req.ctx, userId);
    const message = await withUpload(req, spec, tmp, (upload) => chat.sendUpload(req.ctx, userId, upload));
    res.status(201).json({ status: 'ok', message: toRestMessage(message) });
  });
}
