import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request an asynchronous piece of work belongs to, wherever it runs (a stream callback, a
 * timer): the process handlers name it when something escapes every handler.
 */
export const requestScope = new AsyncLocalStorage<{ requestId: string }>();

export const currentRequestId = (): string | undefined => requestScope.getStore()?.requestId;
