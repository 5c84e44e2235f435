/**
 * Set when the member logs out on purpose, until the next login: the route guard then sends a
 * protected page home instead of to the login page (logging out is not a lost session).
 */
let signedOut = false;

export function markSignedOut(value: boolean): void {
  signedOut = value;
}

export function wasSignedOut(): boolean {
  return signedOut;
}
