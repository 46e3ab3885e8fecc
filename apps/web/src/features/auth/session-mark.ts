/**
 * Whether this tab signed in through the form and has not signed out on purpose since. The guard sends a
 * signed-out visitor to /login remembering the page; with this mark set, that visitor did not just open
 * a link but lost a session they had (signed out elsewhere, password changed, suspended, expired).
 */
const SIGNED_IN_HERE_KEY = 'amana:signed-in-here';

export const markSignedInHere = () => sessionStorage.setItem(SIGNED_IN_HERE_KEY, '1');
export const signedInHere = () => sessionStorage.getItem(SIGNED_IN_HERE_KEY) === '1';
export const forgetSignedInHere = () => sessionStorage.removeItem(SIGNED_IN_HERE_KEY);
