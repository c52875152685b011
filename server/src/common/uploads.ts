/**
 * What an upload may carry and what it carries once received: the vocabulary shared by the HTTP
 * adapter that receives multipart bodies (http/uploads.ts) and the services that use the files.
 */
import type { Message } from './message.js';
import { commonMessages } from './messages.js';

/** Which files of a field are accepted, by their sniffed type, and up to what size. */
export interface FileRule {
  types: readonly string[];
  /**
   * The size limit. A file must be smaller than this ('less than 5MB': a file of exactly 5 MiB is
   * refused), unless `allowExactly` is set (the general rule's 'exceeds maximum allowed size').
   */
  maxBytes: number;
  allowExactly?: boolean;
  /** The message when a file of these types is too large (given its size as the request announces it). */
  tooLarge: (size: number) => Message;
}

/** Whether a file of `size` bytes is over the rule's limit. */
export const isOverLimit = (rule: Pick<FileRule, 'maxBytes' | 'allowExactly'>, size: number): boolean =>
  rule.allowExactly ? size > rule.maxBytes : size >= rule.maxBytes;

export interface FileFieldSpec {
  maxCount: number;
  /** The message when more than `maxCount` files come in this field. */
  tooMany: Message;
  rules: readonly FileRule[];
  /**
   * Tells the type from the file's first bytes instead of the general sniff (a field of one kind of
   * file with its own well-kept sniffer: voice notes). The name never counts for such a field.
   */
  sniff?: (head: Buffer) => Promise<string>;
  /** The message when a file of this field is of a type no rule takes (by default the upload's, or the type named). */
  unsupportedType?: Message;
}

/** What one multipart upload may carry; anything else is refused. */
export interface UploadSpec {
  files: Record<string, FileFieldSpec>;
  /** Text fields and their maximum sizes in bytes. */
  fields: Record<string, number>;
  /**
   * The message of every refusal as an unsupported media type (a body that is not multipart, a file
   * of a type no rule accepts), when the upload has its own; by default the type is named.
   */
  unsupportedType?: Message;
}

/** A received file, on local disk until whoever received it removes it. */
export interface UploadedFile {
  field: string;
  /** As the browser named it (display only; never used for storage or type). */
  filename: string;
  path: string;
  size: number;
  /** Sniffed from the file's bytes. */
  type: string;
}

const MB = 1024 * 1024;

/** "File size (X MB) exceeds maximum allowed size (Y MB)" of docs/product.md#validation. */
export const fileSizeMessage = (maxBytes: number) => (size: number) =>
  commonMessages.fileTooLarge({ size: (size / MB).toFixed(2), max: Math.round(maxBytes / MB) });
