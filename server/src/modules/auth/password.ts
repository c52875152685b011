import argon2, { type HashOptions } from 'argon2';

/** OWASP's argon2id baseline (19 MiB, 2 passes): strong, and cheap enough for a 2-core api process. */
export const BASELINE_HASH_MEMORY_KIB = 19456;
let options: HashOptions & { raw?: false } = { type: argon2.argon2id, memoryCost: BASELINE_HASH_MEMORY_KIB, timeCost: 2, parallelism: 1 };

/**
 * The memory cost of new hashes (PASSWORD_HASH_MEMORY_KIB): the baseline unless set; production refuses less (the
 * tests lower it, each of their thousands of accounts costing a hash and a verification). A verification reads the
 * parameters stored in each hash, so hashes made at another cost still verify.
 */
export function setPasswordHashMemory(kib: number): void {
  if (kib === options.memoryCost) return;
  options = { ...options, memoryCost: kib };
  dummy = null;
}

export const hashPassword = (password: string) => argon2.hash(password, options);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;
/** Spends the time of one verification, so an unknown account answers as slowly as a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummy ??= hashPassword('Dummy-password-1!');
  await verifyPassword(await dummy, password);
}
