// Booking references are read over the phone and typed from e-mails: no 0/O, 1/I/L, and
// crypto randomness so one reference does not hint at the next.
import { randomInt } from 'node:crypto';

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const LENGTH = 8;

/** 'BK-' + 8 characters (31^8 ≈ 8.5e11 values); the unique index catches the rare collision. */
export function newBookingRef(): string {
  let out = 'BK-';
  for (let i = 0; i < LENGTH; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}
