import argon2 from 'argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes): strong, and cheap enough for a 2-core api process.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, OPTIONS);

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
