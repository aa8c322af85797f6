/** A subaccount key as 4.11 returns one: boundary.fixture.ts learns it, the tests look for it. */
export const LEARNED_KEY = '5ecre7fromthetarget0000000000000000000042';
