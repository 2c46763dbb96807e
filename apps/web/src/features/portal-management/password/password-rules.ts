/**
 * The password policy as the form can check it before sending (packages/contracts/src/roles.ts:
 * 10 to 128 characters, not a common password, not containing the account). The common-password
 * list lives on the server only: the form names that rule, the server enforces it.
 */
import { PASSWORD_MAX, PASSWORD_MIN } from '@eco/contracts/roles';

/** What the form can tell about a candidate password. */
export interface PasswordChecks {
  /** PASSWORD_MIN to PASSWORD_MAX characters (code points: an emoji counts once) */
  length: boolean;
  /** does not contain the account, ignoring case */
  notAccount: boolean;
}

/** Length in characters as people count them (code points, not UTF-16 units). */
export function passwordLength(password: string): number {
  return [...password].length;
}

/** True when `password` contains `account`, ignoring case; an empty account is never contained. */
export function containsAccount(password: string, account: string): boolean {
  const name = account.trim().toLowerCase();
  return name.length > 0 && password.toLowerCase().includes(name);
}

/** The checks of {@link PasswordChecks} for `password` of the user `account`. */
export function checkPassword(password: string, account: string): PasswordChecks {
  const length = passwordLength(password);
  return { length: length >= PASSWORD_MIN && length <= PASSWORD_MAX, notAccount: password.length > 0 && !containsAccount(password, account) };
}
