export function authenticate(token: string) {
  return token.length > 0;
}
