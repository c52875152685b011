/**
 * A message the provider refused for good (unknown recipient, bad number): retrying cannot help.
 * Any other error from a sender is treated as temporary and the job retries.
 */
export class PermanentDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentDeliveryError';
  }
}
